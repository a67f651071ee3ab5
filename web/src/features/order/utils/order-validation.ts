// What the order form checks before asking the backend (which checks the same again): the tickets,
// the customer and consents, and the invoice. Answers per field are a message key of the form's own
// (a missing name, an unticked consent) or a value rule's refusal (src/shared/rules: the server's
// rules and codes, said from the one table of codes); the form translates them.
import { defineMessages } from 'react-intl';

import { orderTexts } from '@/shared/api/code-texts-booking';
import { BookingCustomer, BookingInvoice, Values } from '@/shared/api/limits.gen';
import { type FieldProblem, type Rule, optional } from '@/shared/rules/problem';
import { email, line, nip, phone, postalCode } from '@/shared/rules/values';

import type { BookingCourse, Customer, Invoice, TicketLine } from '../stores/booking-store';

export const MAX_QTY_PER_LINE = 10;
/** A passenger's name: one line of at most this many characters, or none (the server's `Line200OrEmpty`). */
export const MAX_PASSENGER_NAME: number = Values.Line200OrEmpty.maxLength;
const passengerName = optional(line(MAX_PASSENGER_NAME));

const formMessages = defineMessages({
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
  phone: { id: 'order.error.phone', defaultMessage: 'Podaj numer telefonu.', description: 'Validation: phone missing' },
  companyName: {
    id: 'order.error.companyName',
    defaultMessage: 'Podaj nazwę firmy.',
    description: 'Validation: invoice company name missing',
  },
  vatNumber: { id: 'order.error.vatNumber', defaultMessage: 'Podaj NIP.', description: 'Validation: invoice NIP missing' },
  address: { id: 'order.error.address', defaultMessage: 'Podaj adres.', description: 'Validation: invoice address missing' },
  postalCode: {
    id: 'order.error.postalCode',
    defaultMessage: 'Podaj kod pocztowy.',
    description: 'Validation: invoice postal code missing',
  },
  city: { id: 'order.error.city', defaultMessage: 'Podaj miejscowość.', description: 'Validation: invoice city missing' },
});

/** The form's messages; four of them are also how the order screen says a server code (the one table of
 * codes, shared/api/server-code-texts.ts), so they are the shared catalogue's. */
export const orderErrorMessages = {
  atLeastOneTicket: orderTexts.atLeastOneTicket,
  selectTicket: orderTexts.selectTicket,
  consentStatute: orderTexts.consentStatute,
  consentGdpr: orderTexts.consentGdpr,
  ...formMessages,
};

export type OrderErrorKey = keyof typeof orderErrorMessages;

/** Field keys of the order form: `tickets`, `tickets.0.qty`, `customer.email`, `invoice.city`, `coupon`…;
 * each with the form's own message key, or a value rule's refusal. */
export type FieldErrors<T = OrderErrorKey | FieldProblem> = Record<string, T>;

/** A required field: `missing` (the form's own message) when blank, else the value's rule's refusal. */
function required(value: string, missing: OrderErrorKey, rule: Rule): OrderErrorKey | FieldProblem | undefined {
  const problem = rule(value);
  if (problem === null) return undefined;
  return problem.code === 'field.blank' ? missing : problem;
}

/** `errors` with the fields that have one. */
function only(errors: Record<string, OrderErrorKey | FieldProblem | undefined>): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, error]) => error !== undefined)) as FieldErrors;
}

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
      const problem = passengerName(name);
      if (problem) errors[`tickets.${index}.passengers.${seat}`] = problem;
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
  return only({
    'customer.first_name': required(customer.first_name, 'firstName', line(BookingCustomer.first_name.maxLength)),
    'customer.last_name': required(customer.last_name, 'lastName', line(BookingCustomer.last_name.maxLength)),
    'customer.email': required(customer.email, 'email', email),
    'customer.phone': required(customer.phone, 'phone', phone),
    'customer.consent_statute': customer.consent_statute === 1 ? undefined : 'consentStatute',
    'customer.consent_gdpr': customer.consent_gdpr === 1 ? undefined : 'consentGdpr',
  });
}

/** The invoice's fields, when one is asked for: in Poland the NIP and the postal code are the server's
 * `Nip` and `PostalCode`, elsewhere each a required line (as the server's `BookingInvoice` says). */
export function validateInvoice(invoice: Invoice): FieldErrors {
  if (invoice.is_selected !== 1) return {};
  const polish = invoice.country === 'PL';
  return only({
    'invoice.company_name': required(invoice.company_name, 'companyName', line(BookingInvoice.company_name.maxLength)),
    'invoice.vat_number': required(invoice.vat_number, 'vatNumber', polish ? nip : line(BookingInvoice.vat_number.maxLength)),
    'invoice.address': required(invoice.address, 'address', line(BookingInvoice.address.maxLength)),
    'invoice.postal_code': required(invoice.postal_code, 'postalCode', polish ? postalCode : line(BookingInvoice.postal_code.maxLength)),
    'invoice.city': required(invoice.city, 'city', line(BookingInvoice.city.maxLength)),
  });
}
