// The customer's and invoice data of an order as form fields, shared by the order's edit and the sale
// at the office: the fields, their checks (the values' rules are the server's, src/shared/rules: the
// Polish NIP's check digit, the postal code NN-NNN, the phone's digits) and the API bodies they become.
import * as z from 'zod/mini';

import { ContactInput, InvoiceDataInput } from '@/shared/api/limits.gen';
import { normaliseNip } from '@/shared/rules/nip';
import { email, line, nip, phone, postalCode } from '@/shared/rules/values';

import type { AdminOrder, CustomerInput, InvoiceInput } from '../api/orders';
import { NipLookupField } from '../components/nip-lookup-field';
import { deskTexts } from '../messages/desk-messages';
import { orderTexts } from '../messages/order-messages';

import type { FieldDef, FormValues } from './area';
import { fieldCheck, ruleAt, ruled, text } from './validation';

export const customerShape = {
  first_name: ruled(line(ContactInput.first_name.maxLength)),
  last_name: ruled(line(ContactInput.last_name.maxLength)),
  email: ruled(email),
  phone: ruled(phone),
  notify_by_sms: z.boolean(),
};

/** At the desk (a sale, or the edit of an order sold there) a walk-in passenger may give neither an e-mail
 * nor a phone: the tickets are printed. One that is given is checked by the same rule as online. */
export const deskContactShape = {
  email: ruled(email, 'optional'),
  phone: ruled(phone, 'optional'),
};

export const invoiceShape = {
  invoice_requested: z.boolean(),
  country: text(InvoiceDataInput.country.maxLength),
  vat_number: text(InvoiceDataInput.vat_number.maxLength),
  company_name: text(InvoiceDataInput.company_name.maxLength),
  address: text(InvoiceDataInput.address.maxLength),
  postal_code: text(InvoiceDataInput.postal_code.maxLength),
  city: text(InvoiceDataInput.city.maxLength),
};

type InvoiceValues = { [Key in keyof typeof invoiceShape]: z.infer<(typeof invoiceShape)[Key]> };

const wanted = (values: InvoiceValues) => values.invoice_requested;
const polish = (values: InvoiceValues) => (values.country.trim() || 'PL').toUpperCase() === 'PL';

/** The invoice data's checks, only while an invoice is asked for; a Polish NIP must add up. */
export const invoiceChecks = <T extends InvoiceValues>() => [
  fieldCheck<T>((v) => !wanted(v) || v.company_name.trim() !== '', 'required', 'company_name'),
  fieldCheck<T>((v) => !wanted(v) || v.address.trim() !== '', 'required', 'address'),
  fieldCheck<T>((v) => !wanted(v) || v.city.trim() !== '', 'required', 'city'),
  fieldCheck<T>((v) => !wanted(v) || v.vat_number.trim() !== '', 'required', 'vat_number'),
  ruleAt<T>('vat_number', nip, (v) => wanted(v) && polish(v)),
  fieldCheck<T>((v) => !wanted(v) || !polish(v) || v.postal_code.trim() !== '', 'required', 'postal_code'),
  ruleAt<T>('postal_code', postalCode, (v) => wanted(v) && polish(v)),
];

const invoiceOn = (values: FormValues) => values.invoice_requested === true;

export const customerFields: FieldDef[] = [
  { name: 'first_name', label: orderTexts.firstName, kind: 'text', required: true },
  { name: 'last_name', label: orderTexts.lastName, kind: 'text', required: true },
  { name: 'email', label: orderTexts.email, kind: 'text', required: true, inputProps: { type: 'email', autoComplete: 'off' } },
  { name: 'phone', label: orderTexts.phone, kind: 'text', required: true, inputProps: { type: 'tel' } },
  { name: 'notify_by_sms', label: orderTexts.notifyBySms, kind: 'checkbox' },
];

/** The customer's fields at the desk: the e-mail and the phone optional, the e-mail's hint saying why. */
export const deskCustomerFields: FieldDef[] = customerFields.map((field): FieldDef => {
  if (field.name === 'email') return { ...field, required: false, hint: deskTexts.contactOptional };
  return field.name === 'phone' ? { ...field, required: false } : field;
});

export const invoiceFields: FieldDef[] = [
  { name: 'invoice_requested', label: orderTexts.invoiceRequested, kind: 'checkbox', wide: true },
  { name: 'company_name', label: orderTexts.companyName, kind: 'text', required: true, wide: true, visibleWhen: invoiceOn },
  // The register of VAT payers fills in the company from its NIP (docs/invoices.md).
  { name: 'vat_number', label: orderTexts.vatNumber, kind: 'text', required: true, hint: orderTexts.vatNumberHint, visibleWhen: invoiceOn, addon: NipLookupField },
  { name: 'country', label: orderTexts.country, kind: 'text', hint: orderTexts.countryHint, visibleWhen: invoiceOn },
  { name: 'address', label: orderTexts.address, kind: 'text', required: true, wide: true, visibleWhen: invoiceOn },
  { name: 'postal_code', label: orderTexts.postalCode, kind: 'text', required: true, visibleWhen: invoiceOn },
  { name: 'city', label: orderTexts.city, kind: 'text', required: true, visibleWhen: invoiceOn },
];

export function customerValues(order: AdminOrder | undefined) {
  const customer = order?.customer;
  return {
    first_name: customer?.first_name ?? '',
    last_name: customer?.last_name ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    notify_by_sms: customer?.notify_by_sms ?? false,
  };
}

export function invoiceValues(order: AdminOrder | undefined): InvoiceValues {
  const invoice = order?.invoice;
  return {
    invoice_requested: Boolean(invoice),
    country: invoice?.country ?? 'PL',
    vat_number: invoice?.vat_number ?? '',
    company_name: invoice?.company_name ?? '',
    address: invoice?.address ?? '',
    postal_code: invoice?.postal_code ?? '',
    city: invoice?.city ?? '',
  };
}

export function toCustomerInput(values: ReturnType<typeof customerValues>): CustomerInput {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    notify_by_sms: values.notify_by_sms,
  };
}

export function toInvoiceInput(values: InvoiceValues): InvoiceInput | null {
  if (!values.invoice_requested) return null;
  const country = (values.country.trim() || 'PL').toUpperCase();
  return {
    country,
    vat_number: country === 'PL' ? normaliseNip(values.vat_number) : values.vat_number.trim(),
    company_name: values.company_name.trim(),
    address: values.address.trim(),
    postal_code: values.postal_code.trim(),
    city: values.city.trim(),
  };
}

/**
 * The form field of an API error's field: the body nests the customer and invoice (`customer.email`,
 * `invoice.vat_number`), the form does not; a ticket line's field (`tickets.0.qty`) stays as it is.
 */
export function orderFormField(apiField: string): string {
  // A refusal of the invoice as a whole (asked for after its deadline) belongs to its checkbox.
  if (apiField === 'invoice') return 'invoice_requested';
  const match = /^(?:customer|invoice)\.(\w+)$/.exec(apiField);
  return match?.[1] ?? apiField;
}
