// "Pobierz dane z wykazu VAT" beside an invoice's NIP (docs/invoices.md, "A company's data from its NIP"):
// the customer's order form, the office's sale and an invoice after the fact. A click checks the NIP's
// check digit, asks the register of VAT payers, and hands the company's name, street, postal code and city
// to the form, whose fields stay editable; when the register does not know the NIP or cannot be reached,
// or the NIP is not one, it says so plainly and the data are typed in. Small on purpose: it travels with
// the order form's chunk.
import { useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';

import { isApiError } from '../api/api-error';
import { nipTexts } from '../api/code-texts-nip';
import { lookupNip, type Taxpayer } from '../api/nip-lookup';
import { isValidNip, normaliseNip } from '../rules/nip';

const messages = defineMessages({
  button: { id: 'nipLookup.button', defaultMessage: 'Pobierz dane z wykazu VAT', description: 'Button beside the NIP: fill in the company from the register of VAT payers' },
  busy: { id: 'nipLookup.busy', defaultMessage: 'Sprawdzam w wykazie podatników VAT…', description: 'Status: the register is being asked' },
  invalid: { id: 'nipLookup.invalid', defaultMessage: 'To nie jest poprawny NIP: sprawdź 10 cyfr.', description: 'The NIP typed is not valid (its check digit), so the register is not asked' },
  tooMany: {
    id: 'nipLookup.tooMany',
    defaultMessage: 'Za dużo zapytań do wykazu VAT z tego adresu — spróbuj za godzinę albo wpisz dane ręcznie.',
    description: 'The register was asked too often (429)',
  },
  failed: { id: 'nipLookup.failed', defaultMessage: 'Nie udało się sprawdzić NIP — wpisz dane ręcznie.', description: 'Any other failure of the lookup' },
});

const values = defineMessages<{ found: { name: string }; status: { status: string } }>({
  found: {
    id: 'nipLookup.found',
    defaultMessage: 'Wpisano dane z wykazu podatników VAT: {name}. Sprawdź je — możesz je poprawić.',
    description: 'Status: the company\'s data were filled in from the register (fields stay editable)',
  },
  status: {
    id: 'nipLookup.status',
    defaultMessage: 'Uwaga: status VAT w wykazie to „{status}”.',
    description: 'Status: the register says the company is not an active VAT payer',
  },
});

/** The register's word for an active VAT payer. */
const ACTIVE = 'Czynny';

type Outcome = { kind: 'busy' } | { kind: 'found'; company: Taxpayer } | { kind: 'refused'; text: string } | null;

interface NipLookupProps {
  /** The NIP as typed. */
  nip: string;
  /** Puts the register's company into the form. */
  onFound: (company: Taxpayer) => void;
}

export function NipLookup({ nip, onFound }: NipLookupProps) {
  const intl = useIntl();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const asking = useRef<AbortController | null>(null);
  const ask = async () => {
    const digits = normaliseNip(nip);
    if (!isValidNip(digits)) {
      setOutcome({ kind: 'refused', text: intl.formatMessage(messages.invalid) });
      return;
    }
    asking.current?.abort();
    const controller = new AbortController();
    asking.current = controller;
    setOutcome({ kind: 'busy' });
    try {
      const company = await lookupNip(digits, controller.signal);
      onFound(company);
      setOutcome({ kind: 'found', company });
    } catch (error) {
      if (controller.signal.aborted) return;
      const status = isApiError(error) ? error.status : 0;
      const text =
        status === 404 ? nipTexts.notInRegister : status === 503 ? nipTexts.registerUnavailable : status === 429 ? messages.tooMany : status === 422 ? messages.invalid : messages.failed;
      setOutcome({ kind: 'refused', text: intl.formatMessage(text) });
    }
  };
  const said =
    outcome?.kind === 'busy'
      ? intl.formatMessage(messages.busy)
      : outcome?.kind === 'found'
        ? [
            intl.formatMessage(values.found, { name: outcome.company.name }),
            outcome.company.status_vat && outcome.company.status_vat !== ACTIVE ? intl.formatMessage(values.status, { status: outcome.company.status_vat }) : '',
          ]
            .filter(Boolean)
            .join(' ')
        : outcome?.kind === 'refused'
          ? outcome.text
          : '';
  return (
    <div className="form-field nip-lookup">
      <button type="button" className="button button--secondary" disabled={outcome?.kind === 'busy'} onClick={() => void ask()}>
        {intl.formatMessage(messages.button)}
      </button>
      <p className={outcome?.kind === 'refused' ? 'form-field__error' : 'form-field__hint'} aria-live="polite">
        {said}
      </p>
    </div>
  );
}
