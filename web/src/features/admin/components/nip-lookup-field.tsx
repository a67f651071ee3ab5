// The invoice data's "Pobierz dane z wykazu VAT" in the panel's forms (the office's sale, an order's edit,
// an invoice after the fact): the shared button, reading the form's NIP and filling in the company's name,
// street, postal code and city, each field still editable; shown for a Polish buyer only.
import { useFormContext, useWatch } from 'react-hook-form';

import type { Taxpayer } from '@/shared/api/nip-lookup';
import { NipLookup } from '@/shared/ui/nip-lookup';

import type { FormValues } from '../lib/area';

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

export function NipLookupField() {
  const { control, setValue, clearErrors } = useFormContext<FormValues>();
  const nip = textOf(useWatch({ control, name: 'vat_number' }));
  const country = textOf(useWatch({ control, name: 'country' }));
  if ((country.trim() || 'PL').toUpperCase() !== 'PL') return null;
  const fill = (company: Taxpayer) => {
    const found: [string, string][] = [
      ['company_name', company.name],
      ['address', company.address],
      ['postal_code', company.postal_code],
      ['city', company.city],
    ];
    for (const [name, value] of found) {
      // A part the register's address lacks (no postal code) keeps what was typed.
      if (value.trim() === '') continue;
      setValue(name, value, { shouldDirty: true });
      clearErrors(name);
    }
  };
  return <NipLookup nip={nip} onFound={fill} />;
}
