// The optional invoice: company, NIP (checksum checked for Poland), address; Poland by default.
import { defineMessages, useIntl } from 'react-intl';

import { useLocale } from '@/i18n/use-locale';
import { InvoiceDataInput } from '@/shared/api/limits.gen';
import { NipLookup } from '@/shared/ui/nip-lookup';

import { useBookingStore } from '../stores/booking-store';

import { Checkbox, SelectInput, TextInput } from './fields';

/** The countries an invoice can be made out to; names come from Intl in the page's language. */
const COUNTRIES = ['PL', 'CZ', 'SK', 'DE', 'AT', 'LT', 'UA', 'FR', 'NL', 'GB'];

const messages = defineMessages({
  legend: { id: 'order.invoice.legend', defaultMessage: 'Faktura', description: 'Legend of the invoice section' },
  wanted: {
    id: 'order.invoice.wanted',
    defaultMessage: 'Chcę otrzymać fakturę VAT',
    description: 'Checkbox that asks for an invoice',
  },
  country: { id: 'order.invoice.country', defaultMessage: 'Kraj', description: 'Label: invoice country' },
  vatNumber: { id: 'order.invoice.vatNumber', defaultMessage: 'NIP', description: 'Label: Polish tax number' },
  vatNumberForeign: {
    id: 'order.invoice.vatNumberForeign',
    defaultMessage: 'Numer VAT',
    description: 'Label: tax number for a foreign company',
  },
  vatHint: {
    id: 'order.invoice.vatHint',
    defaultMessage: '10 cyfr, np. 123-456-32-18',
    description: 'Hint under the NIP field',
  },
  companyName: { id: 'order.invoice.companyName', defaultMessage: 'Nazwa firmy', description: 'Label: company name' },
  address: { id: 'order.invoice.address', defaultMessage: 'Ulica i numer', description: 'Label: street address' },
  postalCode: { id: 'order.invoice.postalCode', defaultMessage: 'Kod pocztowy', description: 'Label: postal code' },
  city: { id: 'order.invoice.city', defaultMessage: 'Miejscowość', description: 'Label: city' },
});

// One per locale, made when the invoice part is first opened: making one loads the region names.
const regionNamesByLocale = new Map<string, Intl.DisplayNames>();

function regionNames(locale: string): Intl.DisplayNames {
  let names = regionNamesByLocale.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region' });
    regionNamesByLocale.set(locale, names);
  }
  return names;
}

export function InvoiceFields({ errors }: { errors: Record<string, string | undefined> }) {
  const intl = useIntl();
  const locale = useLocale();
  const invoice = useBookingStore((state) => state.invoice);
  const setInvoice = useBookingStore((state) => state.setInvoice);
  const polish = invoice.country === 'PL';

  return (
    <fieldset className="order-section">
      <legend className="order-section__title">{intl.formatMessage(messages.legend)}</legend>
      <Checkbox
        fieldKey="invoice.is_selected"
        checked={invoice.is_selected === 1}
        onChange={(event) => setInvoice({ is_selected: event.target.checked ? 1 : 0 })}
        label={intl.formatMessage(messages.wanted)}
      />
      {invoice.is_selected === 1 ? (
        <div className="order-grid">
          <SelectInput
            fieldKey="invoice.country"
            label={intl.formatMessage(messages.country)}
            value={invoice.country}
            error={errors['invoice.country']}
            onChange={(event) => setInvoice({ country: event.target.value })}
          >
            {COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {regionNames(locale).of(code) ?? code}
              </option>
            ))}
          </SelectInput>
          <TextInput
            fieldKey="invoice.vat_number"
            maxLength={InvoiceDataInput.vat_number.maxLength}
            label={intl.formatMessage(polish ? messages.vatNumber : messages.vatNumberForeign)}
            hint={polish ? intl.formatMessage(messages.vatHint) : undefined}
            inputMode={polish ? 'numeric' : undefined}
            required
            value={invoice.vat_number}
            error={errors['invoice.vat_number']}
            onChange={(event) => setInvoice({ vat_number: event.target.value })}
          />
          {polish ? (
            // The register of VAT payers fills in the company; every field stays editable.
            <NipLookup
              nip={invoice.vat_number}
              onFound={(company) =>
                setInvoice({
                  company_name: company.name || invoice.company_name,
                  address: company.address || invoice.address,
                  postal_code: company.postal_code || invoice.postal_code,
                  city: company.city || invoice.city,
                })
              }
            />
          ) : null}
          <TextInput
            fieldKey="invoice.company_name"
            maxLength={InvoiceDataInput.company_name.maxLength}
            className="order-grid__wide"
            label={intl.formatMessage(messages.companyName)}
            autoComplete="organization"
            required
            value={invoice.company_name}
            error={errors['invoice.company_name']}
            onChange={(event) => setInvoice({ company_name: event.target.value })}
          />
          <TextInput
            fieldKey="invoice.address"
            maxLength={InvoiceDataInput.address.maxLength}
            className="order-grid__wide"
            label={intl.formatMessage(messages.address)}
            autoComplete="street-address"
            required
            value={invoice.address}
            error={errors['invoice.address']}
            onChange={(event) => setInvoice({ address: event.target.value })}
          />
          <TextInput
            fieldKey="invoice.postal_code"
            maxLength={InvoiceDataInput.postal_code.maxLength}
            label={intl.formatMessage(messages.postalCode)}
            autoComplete="postal-code"
            required
            value={invoice.postal_code}
            error={errors['invoice.postal_code']}
            onChange={(event) => setInvoice({ postal_code: event.target.value })}
          />
          <TextInput
            fieldKey="invoice.city"
            maxLength={InvoiceDataInput.city.maxLength}
            label={intl.formatMessage(messages.city)}
            autoComplete="address-level2"
            required
            value={invoice.city}
            error={errors['invoice.city']}
            onChange={(event) => setInvoice({ city: event.target.value })}
          />
        </div>
      ) : null}
    </fieldset>
  );
}
