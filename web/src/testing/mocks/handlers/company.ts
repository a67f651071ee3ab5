import { http, HttpResponse } from 'msw';

import { apiUrl } from '../api-url';

import { requestedLocale } from './app';

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

export const companyHandlers = [
  http.get(apiUrl('/company/company/get-public-settings'), ({ request }) =>
    HttpResponse.json({
      data: { settings: requestedLocale(request) === 'en' ? publicSettingsFixtureEn : publicSettingsFixture },
    }),
  ),
];
