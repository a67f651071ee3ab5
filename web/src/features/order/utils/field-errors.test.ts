import { describe, expect, it } from 'vitest';

import { formFieldOf, serverFieldErrors } from './field-errors';

describe('formFieldOf', () => {
  it.each([
    ['email', 'customer.email'],
    ['customer.email', 'customer.email'],
    ['customer[first_name]', 'customer.first_name'],
    ['consent_gdpr', 'customer.consent_gdpr'],
    ['vat_number', 'invoice.vat_number'],
    ['invoice.postal_code', 'invoice.postal_code'],
    ['tickets', 'tickets'],
    ['tickets.1.qty', 'tickets.1.qty'],
    ['tickets[0][discount_id]', 'tickets.0.discount_id'],
    ['code', 'coupon'],
    ['coupon.code', 'coupon'],
    ['courseReturn', 'course'],
    ['Idempotency-Key', 'general'],
  ])('maps %s to %s', (server, form) => expect(formFieldOf(server)).toBe(form));
});

describe('serverFieldErrors', () => {
  it('keeps the first error per form field', () => {
    expect(
      serverFieldErrors([
        { field: 'tickets', message: 'There should be at least one ticket in the order' },
        { field: 'tickets', message: 'Please select a ticket.' },
        { field: 'email', message: 'Please enter a valid e-mail address.' },
      ]),
    ).toEqual({
      tickets: { field: 'tickets', message: 'There should be at least one ticket in the order' },
      'customer.email': { field: 'email', message: 'Please enter a valid e-mail address.' },
    });
  });
});
