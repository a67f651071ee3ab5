// /api/user/*: register, confirm, login, logout, the current user, passwords and "my account", with the
// backend's answers and messages (query-api/src/accounts). State lives in memory: `resetAccountsMock()`
// runs after every test; in `npm run dev:mock` it lasts until the page reloads.
//
// Demo accounts (as seeded by the backend): jan.kowalski@example.com (User), admin@example.com
// (SuperAdmin) and driver@example.com (Driver), password demo1234; nieaktywny@example.com has not activated its account.
// Tokens for links: confirm with `poprawny-token`, reset the password with `reset-token`; Jan's e-mail
// becomes jan.nowy@example.com with `nowy-email-token` (and `zajety-email-token` names admin@example.com,
// registered meanwhile); a change of e-mail asked in the mock gets the token `email-change-{n}`.
import { http, HttpResponse } from 'msw';

import { email as emailRule } from '@/shared/rules/values';

import { apiUrl } from '../api-url';

import { errorBody, type MockFieldError, type MockParams } from './responses';

const isEmail = (value: string) => emailRule(value) === null;

export const DEMO_PASSWORD = 'demo1234';
export const VALID_ACTIVATION_TOKEN = 'poprawny-token';
export const VALID_RESET_TOKEN = 'reset-token';
/** The link confirming Jan's new e-mail (`NEW_EMAIL`), as if he had asked for it. */
export const VALID_EMAIL_TOKEN = 'nowy-email-token';
export const NEW_EMAIL = 'jan.nowy@example.com';
/** A link to an address someone registered before it was opened. */
export const TAKEN_EMAIL_TOKEN = 'zajety-email-token';

interface MockAccount {
  id: string;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  phone: string;
  role: 'User' | 'SuperAdmin' | 'Driver';
  active: boolean;
}

function demoAccounts(): MockAccount[] {
  return [
    {
      id: '5d1b6f6e-8c2a-4f61-9a55-0d3f2f7b1a01',
      email: 'jan.kowalski@example.com',
      password: DEMO_PASSWORD,
      first_name: 'Jan',
      last_name: 'Kowalski',
      phone: '+48 600 100 200',
      role: 'User',
      active: true,
    },
    {
      id: '9f0c2d4b-3e71-4c8a-b0d2-6a5e4f3c2b02',
      email: 'admin@example.com',
      password: DEMO_PASSWORD,
      first_name: 'Anna',
      last_name: 'Administratorka',
      phone: '+48 15 000 00 00',
      role: 'SuperAdmin',
      active: true,
    },
    {
      id: '7a3c5e9d-1b2f-4d6a-8c0e-3f5a7b9d1c04',
      email: 'driver@example.com',
      password: DEMO_PASSWORD,
      first_name: 'Piotr',
      last_name: 'Kierowca',
      phone: '+48 600 300 400',
      role: 'Driver',
      active: true,
    },
    {
      id: '2b7e9a1c-5d3f-4e8b-a6c4-1f0d9e8c7b03',
      email: 'nieaktywny@example.com',
      password: DEMO_PASSWORD,
      first_name: 'Ewa',
      last_name: 'Nowak',
      phone: '',
      role: 'User',
      active: false,
    },
  ];
}

let accounts = demoAccounts();
/** token -> account id */
let sessions = new Map<string, string>();
/** The links of e-mail changes asked for: token -> the account and its new address. */
let emailChanges = new Map<string, { id: string; email: string }>();

/** The token of the last e-mail change asked for in the mock (what its e-mail would carry). */
export function lastEmailChangeToken(): string | undefined {
  return [...emailChanges.keys()].at(-1);
}

/** The token a test can put in the auth store to be "logged in" as a demo account. */
export function mockTokenFor(email: string): string {
  return `mock-token-${email}`;
}

/** A user as login answers it, for tests that start logged in. */
export function mockUserFor(email: string) {
  const account = accounts.find((a) => a.email === email);
  if (!account) throw new Error(`no mock account ${email}`);
  return userView(account);
}

export function resetAccountsMock(): void {
  accounts = demoAccounts();
  // Every demo account starts with a known session, so tests can start logged in.
  sessions = new Map(accounts.map((account) => [mockTokenFor(account.email), account.id]));
  const jan = accounts[0]?.id ?? '';
  emailChanges = new Map([
    [VALID_EMAIL_TOKEN, { id: jan, email: NEW_EMAIL }],
    [TAKEN_EMAIL_TOKEN, { id: jan, email: 'admin@example.com' }],
  ]);
}
resetAccountsMock();

/** The role of the request's session: `null` for a guest (or a token the mock does not know). */
export function sessionRole(request: Request): MockAccount['role'] | null {
  return sessionAccount(request)?.role ?? null;
}

/** The e-mail of the request's account: `null` for a guest. */
export function sessionEmail(request: Request): string | null {
  return sessionAccount(request)?.email ?? null;
}

function userView(a: MockAccount) {
  return { id: a.id, email: a.email, first_name: a.first_name, last_name: a.last_name, role: a.role };
}

function accountView(a: MockAccount) {
  return { ...userView(a), phone: a.phone };
}

function sessionAccount(request: Request): MockAccount | undefined {
  const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
  const id = token ? sessions.get(token) : undefined;
  return accounts.find((a) => a.id === id);
}

const unauthorized = () => HttpResponse.json(errorBody(401, 'authentication required'), { status: 401 });

function invalid(code: string, message: string, errors: MockFieldError[]) {
  return HttpResponse.json(errorBody(422, message, errors, code), { status: 422 });
}

async function body(request: Request): Promise<Record<string, unknown>> {
  const value: unknown = await request.json().catch(() => ({}));
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const PHONE = /^[\d +\-()]*$/;

/** The backend's field rules (query-api/src/accounts/fields.rs), with its messages. */
function checkFields(values: Record<string, unknown>, fields: string[], optional: string[] = []): MockFieldError[] {
  const errors: MockFieldError[] = [];
  const labels: Record<string, string> = {
    email: 'E-mail',
    password: 'Password',
    first_name: 'First name',
    last_name: 'Last name',
    phone: 'Phone',
  };
  for (const field of [...fields, ...optional]) {
    const raw = values[field];
    if ((raw === undefined || raw === null) && optional.includes(field)) continue;
    const value = field === 'password' ? text(raw) : text(raw).trim();
    const label = labels[field] ?? field;
    const fail = (code: string, problem: string, params?: MockParams) => errors.push({ field, message: `${label} ${problem}`, code, ...(params ? { params } : {}) });
    if (!value && field !== 'phone') fail('field.blank', 'cannot be blank.');
    else if (field === 'email' && !isEmail(value)) fail('field.invalid_email', 'is not a valid e-mail address.');
    else if (field === 'password' && [...value].length < 8) fail('field.too_short', 'should contain at least 8 characters.', { min: 8 });
    else if (field === 'password' && [...value].length > 128) fail('field.too_long', 'should contain at most 128 characters.', { max: 128 });
    else if ((field === 'first_name' || field === 'last_name') && [...value].length > 100)
      fail('field.too_long', 'should contain at most 100 characters.', { max: 100 });
    else if (field === 'phone' && [...value].length > 30) fail('field.too_long', 'should contain at most 30 characters.', { max: 30 });
    else if (field === 'phone' && !PHONE.test(value)) fail('field.bad_characters', 'contains characters that are not allowed.');
  }
  return errors;
}

/** The orders, complaints and messages in a copy of a customer's data (`GET /user/user/my-data`): one
 * order placed online (its consents, a ticket returned, one with a passenger's name), one bought at the
 * office's desk (no consents); codes as the backend sends them. */
function myOrders(a: MockAccount) {
  const customer = { first_name: a.first_name, last_name: a.last_name, email: a.email, phone: a.phone };
  const trip = { route_name: 'Nisko – Kraków', from_name: 'Nisko', to_name: 'Kraków', departure_at: '2026-12-05T06:30:00Z' };
  const ticket = (number: string, status: string, passenger_name: string | null) => ({ number, status, from_name: 'Nisko', to_name: 'Kraków', departure_at: trip.departure_at, passenger_name });
  return {
    orders: [
      {
        number: 'NB-2026-000041',
        placed_at: '2026-11-20T09:30:00Z',
        status: 'paid',
        ...customer,
        ...trip,
        total: 10800,
        invoice: null,
        tickets: [ticket('NB-2026-000041-1', 'valid', null), ticket('NB-2026-000041-2', 'returned', 'Anna Kowalska')],
        consents: [
          { kind: 'terms', given_at: '2026-11-20T09:30:00Z' },
          { kind: 'personal_data', given_at: '2026-11-20T09:30:00Z' },
        ],
      },
      {
        number: 'NB-2026-000052',
        placed_at: '2026-11-24T12:00:00Z',
        status: 'paid',
        ...customer,
        ...trip,
        departure_at: '2026-11-25T06:30:00Z',
        total: 5400,
        invoice: null,
        tickets: [{ ...ticket('NB-2026-000052-1', 'used', null), departure_at: '2026-11-25T06:30:00Z' }],
        consents: [],
      },
    ],
    complaints: [{ number: 'RK-2026-000007', order_number: 'NB-2026-000041', filed_at: '2026-11-26T08:00:00Z', state: 'answered', text: 'Autobus odjechał 10 minut przed czasem.' }],
    messages: [
      { order_number: 'NB-2026-000041', kind: 'tickets-email', sent_at: '2026-11-20T09:31:00Z' },
      { order_number: 'NB-2026-000041', kind: 'invoice-mail/FV/1/2026', sent_at: '2026-11-20T09:32:00Z' },
      { order_number: 'NB-2026-000041', kind: 'ticket-returned/5b0e6f0c-1d2a-4e7b-9c3f-2a1b0c9d8e7f', sent_at: '2026-11-22T15:00:00Z' },
      { order_number: 'NB-2026-000041', kind: 'tickets-sms/again/0d6f1c2e-8a3b-4c5d-9e0f-1a2b3c4d5e6f', sent_at: '2026-11-23T10:00:00Z' },
    ],
  };
}

export const accountsHandlers = [
  http.post(apiUrl('/user/auth/login'), async ({ request }) => {
    const values = await body(request);
    const email = text(values.email).trim().toLowerCase();
    const password = text(values.password);
    const blank = [
      ...(email ? [] : [{ field: 'email', message: 'E-mail cannot be blank.', code: 'field.blank' }]),
      ...(password ? [] : [{ field: 'password', message: 'Password cannot be blank.', code: 'field.blank' }]),
    ];
    if (blank.length > 0) return invalid('auth.bad_credentials', 'Incorrect e-mail or password.', blank);
    const account = accounts.find((a) => a.email === email);
    if (!account || account.password !== password) {
      return invalid('auth.bad_credentials', 'Incorrect e-mail or password.', [
        { field: 'password', message: 'Incorrect e-mail or password.', code: 'auth.bad_credentials' },
      ]);
    }
    if (!account.active) {
      return invalid('account.not_activated', 'Your account was not activated, please try again.', [
        { field: 'email', message: 'Your account was not activated, please try again.', code: 'account.not_activated' },
      ]);
    }
    const token = `${mockTokenFor(account.email)}-${sessions.size + 1}`;
    sessions.set(token, account.id);
    return HttpResponse.json({ data: { token, user: userView(account) } });
  }),

  http.post(apiUrl('/user/auth/logout'), ({ request }) => {
    const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
    if (!token || !sessions.has(token)) return unauthorized();
    sessions.delete(token);
    return HttpResponse.json({ data: { message: 'Zostałeś poprawnie wylogowany' } });
  }),

  http.get(apiUrl('/user/auth/get'), ({ request }) => {
    const account = sessionAccount(request);
    return account ? HttpResponse.json({ data: userView(account) }) : unauthorized();
  }),

  http.post(apiUrl('/user/auth/register'), async ({ request }) => {
    const values = await body(request);
    const errors = checkFields(values, ['email', 'password', 'first_name', 'last_name'], ['phone']);
    if (errors.length > 0) return invalid('account.registration_failed', 'Your registration failed.', errors);
    const email = text(values.email).trim();
    if (accounts.some((a) => a.email === email.toLowerCase())) {
      return invalid('account.registration_failed', 'Your registration failed.', [
        { field: 'email', message: 'This e-mail address is already registered.', code: 'account.email_taken' },
      ]);
    }
    const account: MockAccount = {
      id: crypto.randomUUID(),
      email: email.toLowerCase(),
      password: text(values.password),
      first_name: text(values.first_name).trim(),
      last_name: text(values.last_name).trim(),
      phone: text(values.phone).trim(),
      role: 'User',
      active: false,
    };
    accounts.push(account);
    return HttpResponse.json({
      data: {
        message: 'Dziękujemy za rejestrację. Wysłaliśmy e-mail z linkiem aktywacyjnym.',
        user: userView(account),
      },
    });
  }),

  http.post(apiUrl('/user/auth/confirm'), async ({ request }) => {
    const values = await body(request);
    if (text(values.token) !== VALID_ACTIVATION_TOKEN) {
      return invalid('account.not_activated', 'Your account was not activated, please try again.', [
        { field: 'token', message: 'Your account was not activated, please try again.', code: 'account.not_activated' },
      ]);
    }
    return HttpResponse.json({ data: { message: 'Twoje konto zostało aktywowane. Możesz się zalogować.' } });
  }),

  http.post(apiUrl('/user/auth/forgot-password'), async ({ request }) => {
    const errors = checkFields(await body(request), ['email']);
    if (errors.length > 0) return invalid('password.reset_refused', 'Please enter a valid e-mail address.', errors);
    return HttpResponse.json({
      data: { message: 'Jeśli konto z tym adresem istnieje, wysłaliśmy na nie link do zmiany hasła.' },
    });
  }),

  http.post(apiUrl('/user/auth/change-password'), async ({ request }) => {
    const values = await body(request);
    const notChanged = 'Password was not changed. Please try again later.';
    if (values.token !== undefined && values.token !== null) {
      const errors = checkFields(values, ['password']);
      if (errors.length > 0) return invalid('password.not_changed', notChanged, errors);
      if (text(values.token) !== VALID_RESET_TOKEN) {
        return invalid('password.not_changed', notChanged, [{ field: 'token', message: notChanged, code: 'password.not_changed' }]);
      }
      return HttpResponse.json({ data: { message: 'Hasło zostało zmienione.' } });
    }
    const account = sessionAccount(request);
    if (!account) return unauthorized();
    const errors = [
      ...(text(values.old_password)
        ? []
        : [{ field: 'old_password', message: 'Current password cannot be blank.', code: 'field.blank' }]),
      ...checkFields(values, ['password']),
    ];
    if (errors.length > 0) return invalid('password.not_changed', notChanged, errors);
    if (text(values.old_password) !== account.password) {
      return invalid('password.not_changed', notChanged, [
        { field: 'old_password', message: 'The current password is incorrect.', code: 'password.wrong_old' },
      ]);
    }
    account.password = text(values.password);
    return HttpResponse.json({ data: { message: 'Hasło zostało zmienione.' } });
  }),

  // RODO art. 16: the e-mail corrected (accounts-api/src/email_change.rs). The link goes to the new
  // address; the account keeps the old one until it is opened.
  http.post(apiUrl('/user/user/change-email'), async ({ request }) => {
    const account = sessionAccount(request);
    if (!account) return unauthorized();
    const values = await body(request);
    const notChanged = 'The e-mail address was not changed.';
    const errors = checkFields(values, ['email']);
    if (!text(values.password).trim()) errors.push({ field: 'password', message: 'Password cannot be blank.', code: 'field.blank' });
    if (errors.length > 0) return invalid('validation', notChanged, errors);
    const email = text(values.email).trim().toLowerCase();
    if (email === account.email) {
      const message = "This is the account's e-mail address already.";
      return invalid('validation', message, [{ field: 'email', message, code: 'field.invalid' }]);
    }
    if (text(values.password) !== account.password) {
      const message = 'The password is not right.';
      return invalid('validation', message, [{ field: 'password', message, code: 'password.wrong_old' }]);
    }
    if (accounts.some((a) => a.email === email)) {
      const message = 'This e-mail address is already registered.';
      return invalid('validation', message, [{ field: 'email', message, code: 'account.email_taken' }]);
    }
    // Only the last link works.
    for (const [token, change] of emailChanges) if (change.id === account.id) emailChanges.delete(token);
    emailChanges.set(`email-change-${emailChanges.size + 1}`, { id: account.id, email });
    return HttpResponse.json({
      data: { message: 'Wysłaliśmy link na nowy adres. Adres zmieni się, gdy go otworzysz.', email: account.email },
    });
  }),

  http.post(apiUrl('/user/auth/confirm-email'), async ({ request }) => {
    const token = text((await body(request)).token).trim();
    if (!token) return invalid('validation', 'The e-mail address was not changed.', [{ field: 'token', message: 'Token cannot be blank.', code: 'field.blank' }]);
    const change = emailChanges.get(token);
    const account = accounts.find((a) => a.id === change?.id);
    if (!change || !account) {
      const message = 'This link is not valid: it has expired or was used.';
      return invalid('validation', message, [{ field: 'token', message, code: 'account.email_link_invalid' }]);
    }
    emailChanges.delete(token);
    if (accounts.some((a) => a.email === change.email)) {
      const message = 'This e-mail address is already registered.';
      return invalid('validation', message, [{ field: 'email', message, code: 'account.email_taken' }]);
    }
    account.email = change.email;
    return HttpResponse.json({ data: { message: 'Adres e-mail został zmieniony.', email: change.email } });
  }),

  http.post(apiUrl('/user/user/get-my-account'), ({ request }) => {
    const account = sessionAccount(request);
    return account ? HttpResponse.json({ data: accountView(account) }) : unauthorized();
  }),

  // RODO: everything held about the account, and the deletion.
  http.get(apiUrl('/user/user/my-data'), ({ request }) => {
    const account = sessionAccount(request);
    if (!account) return unauthorized();
    const { email, first_name, last_name, phone } = account;
    return HttpResponse.json({
      data: {
        generated_at: new Date().toISOString(),
        account: { email, first_name, last_name, phone, created_at: '2026-01-05T10:00:00Z' },
        ...myOrders(account),
      },
    });
  }),

  http.post(apiUrl('/user/user/delete-my-account'), async ({ request }) => {
    const account = sessionAccount(request);
    if (!account) return unauthorized();
    if (account.role !== 'User') return HttpResponse.json(errorBody(403, 'you are not allowed to do this'), { status: 403 });
    const { password } = await body(request);
    if (password !== account.password) {
      const message = 'The password is not right: the account was not deleted.';
      return invalid('validation', message, [{ field: 'password', message, code: 'password.wrong_old' }]);
    }
    accounts = accounts.filter((a) => a.id !== account.id);
    sessions = new Map([...sessions].filter(([, id]) => id !== account.id));
    return HttpResponse.json({ data: { orders_erased: 0, kept: [] } });
  }),

  http.post(apiUrl('/user/user/update-my-account'), async ({ request }) => {
    const account = sessionAccount(request);
    if (!account) return unauthorized();
    const raw = await body(request);
    const values = (raw['my-account'] && typeof raw['my-account'] === 'object' ? raw['my-account'] : raw) as Record<
      string,
      unknown
    >;
    const present = ['first_name', 'last_name', 'phone'].filter((field) => values[field] != null);
    const errors = checkFields(values, [], present);
    if (values.email != null && text(values.email).trim().toLowerCase() !== account.email) {
      errors.push({ field: 'email', message: 'The e-mail of an existing account cannot be edited.', code: 'account.email_read_only' });
    }
    if (errors.length > 0) return invalid('account.not_saved', 'Your account was not saved.', errors);
    if (values.first_name != null) account.first_name = text(values.first_name).trim();
    if (values.last_name != null) account.last_name = text(values.last_name).trim();
    if (values.phone != null) account.phone = text(values.phone).trim();
    return HttpResponse.json({ data: accountView(account) });
  }),
];
