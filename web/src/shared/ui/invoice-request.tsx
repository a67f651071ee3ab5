// "Poproś o fakturę": a customer who did not ask for an invoice when ordering asks for it after payment
// until the end of the third month after the month of the sale (Polish VAT act, art. 106b(3);
// docs/invoices.md, 'An invoice asked for after payment').
// POST /api/order/order/request-invoice {number, code?, invoice}: the logged-in owner
// shows the ticket's number, a guest its number and code (as for a return). The invoice is issued at
// once and e-mailed; the page then reloads the order so its link appears.
import { useState, type FormEvent } from 'react';
import { defineMessages, useIntl } from 'react-intl';

import { isApiError } from '@/shared/api/api-error';
import { apiClient } from '@/shared/api/client';
import { BookingInvoice } from '@/shared/api/limits.gen';
import { dataOf } from '@/shared/api/schema';
import { knownServerText } from '@/shared/api/server-messages';
import { formatDisplayText, type DisplayText } from '@/shared/lib/display-text';
import type { Rule } from '@/shared/rules/problem';
import { problemText } from '@/shared/rules/problem-text';
import { line, nip, postalCode } from '@/shared/rules/values';

import { Button } from './button';
import { TextField } from './text-field';

const messages = defineMessages({
  title: { id: 'invoiceRequest.title', defaultMessage: 'Faktura', description: 'Heading of the invoice request' },
  intro: {
    id: 'invoiceRequest.intro',
    defaultMessage: 'Potrzebujesz faktury? Podaj dane firmy, a wystawimy ją od razu i wyślemy e-mailem.',
    description: 'What asking for an invoice after payment does',
  },
  open: { id: 'invoiceRequest.open', defaultMessage: 'Poproś o fakturę', description: 'Button: show the invoice form' },
  companyName: { id: 'invoiceRequest.companyName', defaultMessage: 'Nazwa firmy', description: 'Field' },
  vatNumber: { id: 'invoiceRequest.vatNumber', defaultMessage: 'NIP', description: 'Field: Polish tax id' },
  address: { id: 'invoiceRequest.address', defaultMessage: 'Ulica i numer', description: 'Field' },
  postalCode: { id: 'invoiceRequest.postalCode', defaultMessage: 'Kod pocztowy', description: 'Field' },
  city: { id: 'invoiceRequest.city', defaultMessage: 'Miejscowość', description: 'Field' },
  submit: { id: 'invoiceRequest.submit', defaultMessage: 'Wystaw fakturę', description: 'Button: ask for the invoice' },
  fieldInvalid: {
    id: 'invoiceRequest.fieldInvalid',
    defaultMessage: 'Sprawdź tę wartość.',
    description: 'A field the server refused, without a translation of its own',
  },
  failed: {
    id: 'invoiceRequest.failed',
    defaultMessage: 'Nie udało się wystawić faktury. Spróbuj ponownie.',
    description: 'The request failed for a reason without a translation',
  },
});

const valueMessages = defineMessages<{ issued: { number: string } }>({
  issued: {
    id: 'invoiceRequest.issued',
    defaultMessage: 'Wystawiliśmy fakturę {number} i wysłaliśmy ją e-mailem.',
    description: 'The invoice was issued; {number} is its number',
  },
});

const FIELDS = ['company_name', 'vat_number', 'address', 'postal_code', 'city'] as const;
type Field = (typeof FIELDS)[number];

/** Each field's rule, the server's for a Polish invoice (src/shared/rules), checked before sending. */
const RULES: Record<Field, Rule> = {
  company_name: line(BookingInvoice.company_name.maxLength),
  vat_number: nip,
  address: line(BookingInvoice.address.maxLength),
  postal_code: postalCode,
  city: line(BookingInvoice.city.maxLength),
};

/** The fields the rules refuse, with the message of each refusal (the one table of codes). */
function refusals(values: Record<Field, string>): Partial<Record<Field, DisplayText>> {
  const found: Partial<Record<Field, DisplayText>> = {};
  for (const field of FIELDS) {
    const problem = RULES[field](values[field]);
    if (problem) found[field] = problemText(problem);
  }
  return found;
}

const LABELS: Record<Field, (typeof messages)[keyof typeof messages]> = {
  company_name: messages.companyName,
  vat_number: messages.vatNumber,
  address: messages.address,
  postal_code: messages.postalCode,
  city: messages.city,
};

/** What the server answers: the order and the invoice's number. */
interface InvoiceRequested {
  order_id: string;
  number: string;
}

async function requestInvoice(number: string, code: string | undefined, invoice: Record<Field, string>): Promise<InvoiceRequested> {
  const body = await apiClient.post('/order/order/request-invoice', {
    body: { number, ...(code ? { code } : {}), invoice: { country: 'PL', ...invoice } },
    // Refusals are shown next to the form.
    toast: false,
  });
  return dataOf<InvoiceRequested>(body);
}

interface InvoiceRequestProps {
  /** A ticket of the order. */
  number: string;
  /** Its code, for a guest; the logged-in owner leaves it out. */
  code?: string;
  /** Called once the invoice is issued (the page reloads the order to link it). */
  onIssued?: (number: string) => void;
}

export function InvoiceRequest({ number, code, onIssued }: InvoiceRequestProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<Field, string>>({ company_name: '', vat_number: '', address: '', postal_code: '', city: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [issued, setIssued] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const fieldText = (error: { code?: string | undefined; params?: Record<string, number> | undefined }): string => {
    const known = knownServerText({ message: '', code: error.code, params: error.params });
    return known ? formatDisplayText(intl, known) : intl.formatMessage(messages.fieldInvalid);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const refused = refusals(values);
    if (Object.keys(refused).length > 0) {
      setErrors(Object.fromEntries(Object.entries(refused).map(([field, text]) => [field, formatDisplayText(intl, text)])));
      return;
    }
    setPending(true);
    setFailure(null);
    setErrors({});
    try {
      const answer = await requestInvoice(number, code, values);
      setIssued(answer.number);
      onIssued?.(answer.number);
    } catch (error) {
      const next: Partial<Record<Field, string>> = {};
      if (isApiError(error)) {
        for (const fieldError of error.errors) {
          const field = fieldError.field.replace(/^invoice\./, '') as Field;
          if (FIELDS.includes(field)) next[field] = fieldText(fieldError);
        }
      }
      setErrors(next);
      if (Object.keys(next).length === 0) {
        const known = isApiError(error) ? knownServerText({ message: error.message, code: error.code }) : null;
        setFailure(known ? formatDisplayText(intl, known) : intl.formatMessage(messages.failed));
      }
    } finally {
      setPending(false);
    }
  };

  return (
    <section className="order-section invoice-request" aria-labelledby="invoice-request-title">
      <h2 id="invoice-request-title" className="order-section__title">
        {intl.formatMessage(messages.title)}
      </h2>
      {issued ? (
        <p role="status">{intl.formatMessage(valueMessages.issued, { number: issued })}</p>
      ) : (
        <>
          <p>{intl.formatMessage(messages.intro)}</p>
          {open ? (
            <form noValidate onSubmit={(event) => void submit(event)} aria-label={intl.formatMessage(messages.open)}>
              {FIELDS.map((field) => (
                <TextField
                  key={field}
                  name={field}
                  label={intl.formatMessage(LABELS[field])}
                  required
                  value={values[field]}
                  error={errors[field]}
                  onChange={(event) => setValues({ ...values, [field]: event.target.value })}
                />
              ))}
              {failure ? (
                <p role="alert" className="form-field__error">
                  {failure}
                </p>
              ) : null}
              <Button type="submit" disabled={pending}>
                {intl.formatMessage(messages.submit)}
              </Button>
            </form>
          ) : (
            <Button variant="secondary" onClick={() => setOpen(true)}>
              {intl.formatMessage(messages.open)}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
