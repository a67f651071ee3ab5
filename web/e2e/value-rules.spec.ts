// The shared value vectors (testdata/value-vectors.json, which the server's value types and the web's
// rules are both held to) typed into the real forms: every invalid example of a value is refused next to
// its field, in the words the server's answer would use (the one table of codes), before any request is
// sent. The registration takes the e-mail, the names (one line of at most 100 characters) and the phone;
// the invoice asked for after payment takes the NIP and the postal code. Run on a freshly seeded database.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

import { expect, test, type Locator, type Page } from '@playwright/test';
import { createIntl } from 'react-intl';

import { apiPlaceAndPay, apiSearch, apiStopId, apiTicketNumbers, warsawDay } from './booking-support';
import { dismissNotices } from './support';

type Part = string | [string, number];
interface Example {
  value: string | Part[];
  code: string;
  params?: Record<string, number>;
}
type Vectors = Record<string, { valid: { value: Example['value'] }[]; invalid: Example[] }>;

// Playwright runs from web/ (its config is there).
const read = async (path: string) => JSON.parse(await readFile(resolve(process.cwd(), path), 'utf8')) as unknown;

/** The message ids of the field codes in the site's one table (src/shared/api/server-message-texts.ts). */
const MESSAGE_OF_CODE: Record<string, string> = {
  'field.blank': 'server.field.blank',
  'field.too_long': 'server.field.tooLong',
  'field.bad_characters': 'server.field.badCharacters',
  'field.invalid_email': 'server.field.notEmail',
  'field.invalid_phone': 'server.code.field.invalid_phone',
  'field.invalid_vat_number': 'server.code.field.invalid_vat_number',
  'field.invalid_postal_code': 'server.code.field.invalid_postal_code',
};

const joined = (value: Example['value']): string =>
  typeof value === 'string' ? value : value.map((part) => (typeof part === 'string' ? part : part[0].repeat(part[1]))).join('');

/** What a browser keeps of a typed value: no line breaks in a one-line field; an e-mail field also drops
 * the ASCII whitespace around it. An example it changes is not typed (the unit tests hold those). */
function keptAsTyped(value: string, email: boolean): boolean {
  if (/[\r\n]/.test(value)) return false;
  return !email || value === value.replace(/^[\t\f ]+|[\t\f ]+$/g, '');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function setUp() {
  const vectors = (await read('../testdata/value-vectors.json')) as Vectors;
  const polish = createIntl({ locale: 'pl', defaultLocale: 'pl', messages: (await read('src/i18n/messages/pl.json')) as Record<string, string> });
  const say = (example: Example) => polish.formatMessage({ id: MESSAGE_OF_CODE[example.code] ?? example.code }, example.params);
  return { vectors, say };
}

/** Records the requests to `path` the page sends from now on. */
function requestsTo(page: Page, path: string): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes(path)) sent.push(request.url());
  });
  return sent;
}

/** Types each invalid example of `examples` into `field`, submits, and sees `expected(example)` at the field. */
async function refusesEach(field: Locator, submit: Locator, examples: Example[], expected: (example: Example) => string | null, email = false) {
  let typed = 0;
  for (const example of examples) {
    const value = joined(example.value);
    const message = expected(example);
    if (message === null || !keptAsTyped(value, email)) continue;
    await field.fill(value);
    await submit.click();
    await expect(field, `${JSON.stringify(value)} (${example.code})`).toHaveAttribute('aria-invalid', 'true');
    await expect(field, `${JSON.stringify(value)} (${example.code})`).toHaveAccessibleDescription(new RegExp(escape(message)));
    typed += 1;
  }
  expect(typed, 'examples typed').toBeGreaterThan(2);
}

test('the registration refuses each invalid e-mail, name and phone of the shared vectors before sending', async ({ page }) => {
  test.setTimeout(180_000);
  const { vectors, say } = await setUp();
  await page.goto('/register');
  await dismissNotices(page);
  const sent = requestsTo(page, '/api/user/auth/register');
  const email = page.getByLabel('E-mail');
  const firstName = page.getByLabel('Imię');
  const phone = page.getByLabel('Telefon (opcjonalnie)');
  const submit = page.getByRole('button', { name: 'Załóż konto' });
  await email.fill('rejestracja.wektory@example.com');
  await page.getByLabel('Hasło', { exact: true }).fill('bezpieczne1');
  await page.getByLabel('Powtórz hasło').fill('bezpieczne1');
  await firstName.fill('Jan');
  await page.getByLabel('Nazwisko').fill('Wektor');

  const invalid = (name: string) => vectors[name]?.invalid ?? [];
  // A blank field gets the form's own sentence ("Podaj adres e-mail."); every other refusal the table's.
  await refusesEach(email, submit, invalid('email'), (e) => (e.code === 'field.blank' ? 'Podaj adres e-mail.' : say(e)), true);
  await email.fill('rejestracja.wektory@example.com');
  await refusesEach(firstName, submit, invalid('line100'), (e) => (e.code === 'field.blank' ? 'Podaj imię.' : say(e)));
  await firstName.fill('Jan');
  // The phone is optional here: blank is no refusal.
  await refusesEach(phone, submit, invalid('phone'), (e) => (e.code === 'field.blank' ? null : say(e)));

  expect(sent).toEqual([]);
});

test('the invoice asked for after payment refuses each invalid NIP and postal code before sending', async ({ page }) => {
  test.setTimeout(180_000);
  const { vectors, say } = await setUp();
  const run = Date.now().toString(36).slice(-6);
  const [from, to] = [await apiStopId(page.request, 'Rzeszów'), await apiStopId(page.request, 'Nisko')];
  const [course] = await apiSearch(page.request, from, to, warsawDay(7));
  if (!course) throw new Error('no course Rzeszów → Nisko in 7 days');
  const placed = await apiPlaceAndPay(page.request, {
    course,
    from,
    to,
    passengers: 1,
    customer: { first_name: 'Ewa', last_name: `Wektor-${run}`, email: `faktura.wektory.${run}@example.com` },
  });
  await apiTicketNumbers(page.request, placed.hash_id, 1);

  await page.goto(`/order/success/${placed.hash_id}`);
  await dismissNotices(page);
  const sent = requestsTo(page, '/api/order/order/request-invoice');
  await page.getByRole('button', { name: 'Poproś o fakturę' }).click();
  const nip = page.getByLabel('NIP');
  const postalCode = page.getByLabel('Kod pocztowy');
  const submit = page.getByRole('button', { name: 'Wystaw fakturę' });
  await page.getByLabel('Nazwa firmy').fill(`Biuro ${run} Sp. z o.o.`);
  await nip.fill('526-025-02-74');
  await page.getByLabel('Ulica i numer').fill('ul. Długa 1');
  await postalCode.fill('37-400');
  await page.getByLabel('Miejscowość').fill('Nisko');

  await refusesEach(nip, submit, vectors.nip?.invalid ?? [], say);
  await nip.fill('526-025-02-74');
  await refusesEach(postalCode, submit, vectors.postal_code?.invalid ?? [], say);

  expect(sent).toEqual([]);
});
