// The passengers' names of one ticket line (optional, issue 30): one field per seat, folded away
// until asked for. A seat left empty travels under the buyer's name; a name is printed on its ticket.
import { defineMessages, useIntl } from 'react-intl';

import { MAX_PASSENGER_NAME, MAX_QTY_PER_LINE } from '../utils/order-validation';

import { TextInput } from './fields';

const messages = defineMessages({
  summary: {
    id: 'order.tickets.passengers',
    defaultMessage: 'Imiona i nazwiska pasażerów (opcjonalnie)',
    description: 'Summary that unfolds the passengers’ name fields of a ticket line',
  },
  hint: {
    id: 'order.tickets.passengersHint',
    defaultMessage: 'Puste pole: bilet na kupującego. Podane imię i nazwisko będzie na bilecie.',
    description: 'Hint under the passengers’ names: an empty one means the buyer',
  },
});

const valueMessages = defineMessages<{ passenger: { number: number } }>({
  passenger: {
    id: 'order.tickets.passenger',
    defaultMessage: 'Pasażer {number}',
    description: 'Label of one passenger’s name field of a ticket line',
  },
});

interface PassengerNamesProps {
  index: number;
  qty: number;
  names: readonly string[];
  errors: Record<string, string | undefined>;
  onChange: (names: string[]) => void;
}

export function PassengerNames({ index, qty, names, errors, onChange }: PassengerNamesProps) {
  const intl = useIntl();
  const seats = Number.isInteger(qty) ? Math.min(Math.max(qty, 0), MAX_QTY_PER_LINE) : 0;
  if (seats === 0) return null;
  const prefix = `tickets.${index}.passengers`;
  const hasError = Object.keys(errors).some((key) => key.startsWith(prefix) && errors[key]);
  const open = hasError || names.some((name) => name.trim() !== '');
  return (
    <details className="ticket-line__names" open={open || undefined}>
      <summary>{intl.formatMessage(messages.summary)}</summary>
      <p className="form-field__hint">{intl.formatMessage(messages.hint)}</p>
      {errors[prefix] ? <p className="form-field__error">{errors[prefix]}</p> : null}
      {Array.from({ length: seats }, (_, seat) => (
        <TextInput
          key={seat}
          fieldKey={`${prefix}.${seat}`}
          label={intl.formatMessage(valueMessages.passenger, { number: seat + 1 })}
          autoComplete="off"
          maxLength={MAX_PASSENGER_NAME}
          value={names[seat] ?? ''}
          error={errors[`${prefix}.${seat}`]}
          onChange={(event) => {
            const next = Array.from({ length: seats }, (_, i) => names[i] ?? '');
            next[seat] = event.target.value;
            onChange(next);
          }}
        />
      ))}
    </details>
  );
}
