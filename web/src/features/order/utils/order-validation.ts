// What the order form checks before asking the backend (which checks the same again): the tickets,
// the customer and consents, and the invoice. Answers are message keys per field; the form
// translates them.
import { defineMessages } from 'react-intl';

import { emailProblem } from '@/shared/api/email';
import { isValidNip } from '@/shared/lib/nip';

import type { BookingCourse, Customer, Invoice, TicketLine } from '../stores/booking-store';

export const MAX_QTY_PER_LINE = 10;
/** A passenger's name: one line of at most this many characters (the server's `Line200`). */
export const MAX_PASSENGER_NAME = 200;
// Unicode's control characters: no name (the buyer's or a passenger's) may hold one.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export const orderErrorMessages = defineMessages({
  atLeastOneTicket: {
    id: 'order.error.atLeastOneTicket',
    defaultMessage: 'Zamówienie musi zawierać co najmniej jeden bilet.',
    description: 'Validation: no ticket in the order (server: "There should be at least one ticket in the order")',
  },
  selectTicket: {
    id: 'order.error.selectTicket',
    defaultMessage: 'Wybierz bilet.',
    description: 'Validation: a ticket line without passengers (server: "Please select a ticket.")',
  },
  qty: {
    id: 'order.error.qty',
    defaultMessage: 'Podaj liczbę pasażerów od 1 do 10.',
    description: 'Validation: passengers on one ticket line out of range',
  },
  seats: {
    id: 'order.error.seats',
    defaultMessage: 'W tym kursie nie ma tylu wolnych miejsc.',
    description: 'Validation: more passengers than seats left',
  },
  firstName: { id: 'order.error.firstName', defaultMessage: 'Podaj imię.', description: 'Validation: first name missing' },
  lastName: { id: 'order.error.lastName', defaultMessage: 'Podaj nazwisko.', description: 'Validation: last name missing' },
  email: {
    id: 'order.error.email',
    defaultMessage: 'Podaj adres e-mail.',
    description: 'Validation: e-mail missing',
  },
  emailInvalid: {
    id: 'order.error.emailInvalid',
    defaultMessage: 'Podaj poprawny adres e-mail, np. jan.kowalski@example.com.',
    description: 'Validation: e-mail malformed',
  },
  phone: { id: 'order.error.phone', defaultMessage: 'Podaj numer telefonu.', description: 'Validation: phone missing' },
  phoneInvalid: {
    id: 'order.error.phoneInvalid',
    defaultMessage: 'Podaj poprawny numer telefonu (co najmniej 9 cyfr).',
    description: 'Validation: phone malformed',
  },
  consentStatute: {
    id: 'order.error.consentStatute',
    defaultMessage: 'Zaakceptuj regulamin, aby złożyć zamówienie.',
    description: 'Validation: terms not accepted',
  },
  consentGdpr: {
    id: 'order.error.consentGdpr',
    defaultMessage: 'Wyraź zgodę na przetwarzanie danych osobowych, aby złożyć zamówienie.',
    description: 'Validation: data processing consent not given',
  },
  companyName: {
    id: 'order.error.companyName',
    defaultMessage: 'Podaj nazwę firmy.',
    description: 'Validation: invoice company name missing',
  },
  vatNumber: { id: 'order.error.vatNumber', defaultMessage: 'Podaj NIP.', description: 'Validation: invoice NIP missing' },
  vatNumberInvalid: {
    id: 'order.error.vatNumberInvalid',
    defaultMessage: 'Ten NIP jest nieprawidłowy. Sprawdź cyfry.',
    description: 'Validation: the NIP checksum does not match',
  },
  address: { id: 'order.error.address', defaultMessage: 'Podaj adres.', description: 'Validation: invoice address missing' },
  postalCode: {
    id: 'order.error.postalCode',
    defaultMessage: 'Podaj kod pocztowy.',
    description: 'Validation: invoice postal code missing',
  },
  postalCodeInvalid: {
    id: 'order.error.postalCodeInvalid',
    defaultMessage: 'Kod pocztowy ma format 00-000.',
    description: 'Validation: Polish postal code malformed',
  },
  city: { id: 'order.error.city', defaultMessage: 'Podaj miejscowość.', description: 'Validation: invoice city missing' },
  passengerName: {
    id: 'order.error.passengerName',
    defaultMessage: 'Wpisz imię i nazwisko w jednej linii, bez znaków sterujących.',
    description: 'Validation: a passenger’s name holds a control character (a line break, NUL…)',
  },
  passengerNameLong: {
    id: 'order.error.passengerNameLong',
    defaultMessage: 'Imię i nazwisko pasażera może mieć najwyżej 200 znaków.',
    description: 'Validation: a passenger’s name is longer than 200 characters',
  },
});

export type OrderErrorKey = keyof typeof orderErrorMessages;

/** Field keys of the order form: `tickets`, `tickets.0.qty`, `customer.email`, `invoice.city`, `coupon`… */
export type FieldErrors<T = OrderErrorKey> = Record<string, T>;

export function validateTickets(
  tickets: readonly TicketLine[],
  courses: readonly (BookingCourse | null)[],
): FieldErrors {
  const errors: FieldErrors = {};
  if (tickets.length === 0) {
    errors.tickets = 'atLeastOneTicket';
    return errors;
  }
  tickets.forEach((line, index) => {
    if (!Number.isInteger(line.qty) || line.qty < 1 || line.qty > MAX_QTY_PER_LINE) errors[`tickets.${index}.qty`] = 'qty';
    passengerNames(line).forEach((name, seat) => {
      const key = `tickets.${index}.passengers.${seat}`;
      if (CONTROL.test(name)) errors[key] = 'passengerName';
      else if (name.length > MAX_PASSENGER_NAME) errors[key] = 'passengerNameLong';
    });
  });
  const passengers = tickets.reduce((sum, line) => sum + (Number.isInteger(line.qty) ? line.qty : 0), 0);
  const seats = Math.min(...courses.filter((c): c is BookingCourse => c !== null).map((c) => c.seats_available));
  if (Object.keys(errors).length === 0 && passengers > seats) errors.tickets = 'seats';
  return errors;
}

/** The names the order sends for a line: one per seat at most, trailing empty ones left out. */
export function passengerNames(line: Pick<TicketLine, 'qty' | 'passengers'>): string[] {
  const seats = Number.isInteger(line.qty) ? Math.max(line.qty, 0) : 0;
  const names = (line.passengers ?? []).slice(0, seats);
  while (names.length > 0 && names[names.length - 1]?.trim() === '') names.pop();
  return names;
}

export function validateCustomer(customer: Customer): FieldErrors {
  const errors: FieldErrors = {};
  if (!customer.first_name.trim()) errors['customer.first_name'] = 'firstName';
  if (!customer.last_name.trim()) errors['customer.last_name'] = 'lastName';
  const email = emailProblem(customer.email);
  if (email === 'blank') errors['customer.email'] = 'email';
  else if (email !== null) errors['customer.email'] = 'emailInvalid';
  if (!customer.phone.trim()) errors['customer.phone'] = 'phone';
  else if (customer.phone.replace(/\D/g, '').length < 9) errors['customer.phone'] = 'phoneInvalid';
  if (customer.consent_statute !== 1) errors['customer.consent_statute'] = 'consentStatute';
  if (customer.consent_gdpr !== 1) errors['customer.consent_gdpr'] = 'consentGdpr';
  return errors;
}

export function validateInvoice(invoice: Invoice): FieldErrors {
  const errors: FieldErrors = {};
  if (invoice.is_selected !== 1) return errors;
  const polish = invoice.country === 'PL';
  if (!invoice.company_name.trim()) errors['invoice.company_name'] = 'companyName';
  if (!invoice.vat_number.trim()) errors['invoice.vat_number'] = 'vatNumber';
  else if (polish && !isValidNip(invoice.vat_number)) errors['invoice.vat_number'] = 'vatNumberInvalid';
  if (!invoice.address.trim()) errors['invoice.address'] = 'address';
  if (!invoice.postal_code.trim()) errors['invoice.postal_code'] = 'postalCode';
  else if (polish && !/^\d{2}-\d{3}$/.test(invoice.postal_code.trim())) errors['invoice.postal_code'] = 'postalCodeInvalid';
  if (!invoice.city.trim()) errors['invoice.city'] = 'city';
  return errors;
}
