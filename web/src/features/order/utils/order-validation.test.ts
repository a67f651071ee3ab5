import { describe, expect, it } from 'vitest';

import { newTicketLine, type BookingCourse, type Customer, type Invoice } from '../stores/booking-store';

import { validateCustomer, validateInvoice, validateTickets } from './order-validation';

const customer: Customer = {
  first_name: 'Jan',
  last_name: 'Kowalski',
  email: 'jan.kowalski@example.com',
  phone: '+48 600 100 200',
  consent_statute: 1,
  consent_gdpr: 1,
  notify_by_sms: 0,
  id: null,
};

const invoice: Invoice = {
  is_selected: 1,
  country: 'PL',
  vat_number: '123-456-32-18',
  company_name: 'Nisko Bus Sp. z o.o.',
  address: 'ul. Kolejowa 1',
  postal_code: '37-400',
  city: 'Nisko',
};

const course = { seats_available: 3 } as BookingCourse;

describe('validateTickets', () => {
  it('needs at least one ticket', () => {
    expect(validateTickets([], [course])).toEqual({ tickets: 'atLeastOneTicket' });
  });

  it('needs 1 to 10 passengers per line', () => {
    const lines = [newTicketLine(), { ...newTicketLine(), qty: 0 }, { ...newTicketLine(), qty: Number.NaN }, { ...newTicketLine(), qty: 11 }];
    expect(validateTickets(lines, [course])).toEqual({ 'tickets.1.qty': 'qty', 'tickets.2.qty': 'qty', 'tickets.3.qty': 'qty' });
  });

  it('refuses more passengers than seats on either leg', () => {
    const lines = [{ ...newTicketLine(), qty: 2 }, { ...newTicketLine(), qty: 2 }];
    expect(validateTickets(lines, [{ seats_available: 10 } as BookingCourse, course])).toEqual({ tickets: 'seats' });
    expect(validateTickets(lines, [{ seats_available: 10 } as BookingCourse, null])).toEqual({});
  });
});

describe('validateCustomer', () => {
  it('accepts a complete buyer with both consents', () => {
    expect(validateCustomer(customer)).toEqual({});
  });

  it('requires both consents; SMS is optional', () => {
    expect(validateCustomer({ ...customer, consent_statute: 0, consent_gdpr: 0, notify_by_sms: 0 })).toEqual({
      'customer.consent_statute': 'consentStatute',
      'customer.consent_gdpr': 'consentGdpr',
    });
  });

  it('requires names, a valid e-mail and a phone of 9 to 15 digits (the server\'s rules and codes)', () => {
    expect(validateCustomer({ ...customer, first_name: ' ', last_name: '', email: 'jan@', phone: '600 100' })).toEqual({
      'customer.first_name': 'firstName',
      'customer.last_name': 'lastName',
      'customer.email': { code: 'field.invalid_email' },
      'customer.phone': { code: 'field.invalid_phone' },
    });
    expect(validateCustomer({ ...customer, first_name: 'Jan\tK', phone: '600.100.200' })).toEqual({
      'customer.first_name': { code: 'field.bad_characters' },
      'customer.phone': { code: 'field.invalid_phone' },
    });
    expect(validateCustomer({ ...customer, last_name: 'a'.repeat(101), phone: '1234567890123456' })).toEqual({
      'customer.last_name': { code: 'field.too_long', params: { max: 100 } },
      'customer.phone': { code: 'field.invalid_phone' },
    });
    expect(validateCustomer({ ...customer, email: '', phone: '' })).toMatchObject({
      'customer.email': 'email',
      'customer.phone': 'phone',
    });
  });
});

describe('validateInvoice', () => {
  it('checks nothing when no invoice is wanted', () => {
    expect(validateInvoice({ ...invoice, is_selected: 0, vat_number: 'x' })).toEqual({});
  });

  it('accepts a Polish company with a valid NIP', () => {
    expect(validateInvoice(invoice)).toEqual({});
  });

  it('checks the NIP checksum and the postal code for Poland', () => {
    expect(validateInvoice({ ...invoice, vat_number: '123-456-32-19', postal_code: '37400' })).toEqual({
      'invoice.vat_number': { code: 'field.invalid_vat_number' },
      'invoice.postal_code': { code: 'field.invalid_postal_code' },
    });
    // Adds up, but no NIP starts with 0 (the server's rule; the form took it before).
    expect(validateInvoice({ ...invoice, vat_number: '0260250277' })).toEqual({ 'invoice.vat_number': { code: 'field.invalid_vat_number' } });
  });

  it('does not apply the Polish rules to another country', () => {
    expect(validateInvoice({ ...invoice, country: 'DE', vat_number: 'DE123456789', postal_code: '10115' })).toEqual({});
  });

  it('requires every invoice field', () => {
    expect(
      Object.keys(validateInvoice({ ...invoice, vat_number: '', company_name: '', address: '', postal_code: '', city: '' })),
    ).toEqual(['invoice.company_name', 'invoice.vat_number', 'invoice.address', 'invoice.postal_code', 'invoice.city']);
  });
});
