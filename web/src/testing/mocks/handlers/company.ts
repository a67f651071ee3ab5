import { http, HttpResponse } from 'msw';

import { isValidNip, normaliseNip } from '@/shared/rules/nip';

import { apiUrl } from '../api-url';

import { requestedLocale } from './app';
import { errorAnswer, validationError } from './errors';

/** What the demo company's public settings look like; tests assert on these texts. */
export const publicSettingsFixture = {
  page_footer_1: '<p><strong>Nisko Bus Sp. z o.o.</strong><br>ul. Kolejowa 1, 37-400 Nisko</p>',
  page_footer_2: '<p>Infolinia: <a href="tel:+48150000000">+48 15 000 00 00</a><br>biuro@niskobus.example</p>',
};

/** The same texts in English (`lang=en`). */
export const publicSettingsFixtureEn = {
  page_footer_1: '<p><strong>Nisko Bus Sp. z o.o.</strong><br>ul. Kolejowa 1, 37-400 Nisko, Poland</p>',
  page_footer_2: '<p>Helpline: <a href="tel:+48150000000">+48 15 000 00 00</a><br>biuro@niskobus.example</p>',
};

/** The companies the register of VAT payers' stand-in knows (`WL_API_URL=sandbox`, taxpayers crate). */
export const REGISTER_COMPANIES: Record<string, { name: string; address: string; postal_code: string; city: string }> = {
  '5260250274': { name: 'MINISTERSTWO FINANSÓW', address: 'ul. Świętokrzyska 12', postal_code: '00-916', city: 'Warszawa' },
  '8652556348': { name: 'NISKO BUS SPÓŁKA Z OGRANICZONĄ ODPOWIEDZIALNOŚCIĄ', address: 'ul. Kolejowa 12', postal_code: '37-400', city: 'Nisko' },
};

/** The NIP the stand-in answers as unreachable. */
export const UNREACHABLE_NIP = '1111111111';

export const companyHandlers = [
  // A company's data from its NIP (public): 422 for no valid NIP, 404 unknown, 503 the register unreachable.
  http.get(apiUrl('/company/nip-lookup'), ({ request }) => {
    const nip = normaliseNip(new URL(request.url).searchParams.get('nip') ?? '');
    if (!isValidNip(nip)) {
      return validationError([{ field: 'nip', message: 'This is not a valid NIP (10 digits).', code: 'field.invalid_vat_number' }]);
    }
    if (nip === UNREACHABLE_NIP) return errorAnswer(503, 'Service Unavailable', 'the service is temporarily unavailable', 'nip.register_unavailable');
    const company = REGISTER_COMPANIES[nip];
    if (!company) return errorAnswer(404, 'Not Found', 'The register of VAT payers has no entry for this NIP.', 'nip.not_in_register');
    return HttpResponse.json({ data: { nip, status_vat: 'Czynny', ...company } });
  }),
  http.get(apiUrl('/company/company/get-public-settings'), ({ request }) =>
    HttpResponse.json({
      data: { settings: requestedLocale(request) === 'en' ? publicSettingsFixtureEn : publicSettingsFixture },
    }),
  ),
];
