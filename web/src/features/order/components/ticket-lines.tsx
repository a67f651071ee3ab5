// The ticket lines: how many passengers travel with which discount, each line priced by the backend.
import { useId } from 'react';
import { defineMessages, useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { useLocale } from '@/i18n/use-locale';
import { Button } from '@/shared/ui/button';

import { useDiscounts } from '../api/get-discounts';
import { useBookingStore } from '../stores/booking-store';
import { fieldId } from '../utils/field-id';
import { MAX_QTY_PER_LINE } from '../utils/order-validation';


import { SelectInput, TextInput } from './fields';
import { PassengerNames } from './passenger-names';

const messages = defineMessages({
  legend: { id: 'order.tickets.legend', defaultMessage: 'Bilety', description: 'Legend of the ticket lines' },
  qty: { id: 'order.tickets.qty', defaultMessage: 'Liczba pasażerów', description: 'Label of the passengers of a line' },
  discount: { id: 'order.tickets.discount', defaultMessage: 'Ulga', description: 'Label of the discount of a line' },
  fullFare: {
    id: 'order.tickets.fullFare',
    defaultMessage: 'Bilet normalny (bez ulgi)',
    description: 'Discount option: no discount',
  },
  add: {
    id: 'order.tickets.add',
    defaultMessage: 'Dodaj bilet z inną ulgą',
    description: 'Button that adds a ticket line',
  },
  discountsFailed: {
    id: 'order.tickets.discountsFailed',
    defaultMessage: 'Nie udało się wczytać listy ulg. Możesz kupić bilety normalne.',
    description: 'Shown when the discount list could not be loaded',
  },
  calculating: {
    id: 'order.tickets.calculating',
    defaultMessage: 'Przeliczam ceny…',
    description: 'Shown while the prices are recalculated',
  },
  priceFailed: {
    id: 'order.tickets.priceFailed',
    defaultMessage: 'Nie udało się przeliczyć cen. Zmień bilety lub spróbuj ponownie.',
    description: 'Shown when the price recalculation failed',
  },
});

const valueMessages = defineMessages<{
  line: { number: number };
  remove: { number: number };
  perPerson: { price: string };
  lineTotal: { total: string };
  total: { total: string };
}>({
  line: { id: 'order.tickets.line', defaultMessage: 'Bilet {number}', description: 'Heading of a ticket line' },
  remove: {
    id: 'order.tickets.remove',
    defaultMessage: 'Usuń bilet {number}',
    description: 'Button that removes a ticket line',
  },
  perPerson: {
    id: 'order.tickets.perPerson',
    defaultMessage: 'Cena za osobę: {price}',
    description: 'Price of one passenger on a line (both legs, after the discount)',
  },
  lineTotal: { id: 'order.tickets.lineTotal', defaultMessage: 'Razem: {total}', description: 'Total of a ticket line' },
  total: {
    id: 'order.tickets.total',
    defaultMessage: 'Razem za bilety: {total}',
    description: 'Sum of all ticket lines, announced when it changes',
  },
});

interface TicketLinesProps {
  errors: Record<string, string | undefined>;
  isCalculating: boolean;
  priceError: boolean;
  onChange: () => void;
}

export function TicketLines({ errors, isCalculating, priceError, onChange }: TicketLinesProps) {
  const intl = useIntl();
  const format = useFormatters();
  const locale = useLocale();
  const id = useId();
  const tickets = useBookingStore((state) => state.tickets);
  const total = useBookingStore((state) => state.total);
  const updateTicket = useBookingStore((state) => state.updateTicket);
  const addTicket = useBookingStore((state) => state.addTicket);
  const removeTicket = useBookingStore((state) => state.removeTicket);
  const discounts = useDiscounts();

  const discountName = (discount: { name: string; name_en: string }) =>
    locale === 'en' && discount.name_en ? discount.name_en : discount.name;
  const priced = tickets.length > 0 && tickets.every((line) => line.total_formatted !== '');

  return (
    <fieldset className="order-section" aria-describedby={errors.tickets ? `${fieldId('tickets')}-error` : undefined}>
      <legend className="order-section__title">{intl.formatMessage(messages.legend)}</legend>
      <ol className="ticket-lines">
        {tickets.map((line, index) => {
          const number = index + 1;
          const headingId = `${id}-line-${index}`;
          return (
            <li key={index} className="ticket-line" aria-labelledby={headingId}>
              <h3 id={headingId} className="ticket-line__title">
                {intl.formatMessage(valueMessages.line, { number })}
              </h3>
              <div className="ticket-line__fields">
                <TextInput
                  fieldKey={`tickets.${index}.qty`}
                  label={intl.formatMessage(messages.qty)}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_QTY_PER_LINE}
                  required
                  className="ticket-line__qty"
                  value={Number.isNaN(line.qty) ? '' : String(line.qty)}
                  error={errors[`tickets.${index}.qty`]}
                  onChange={(event) => {
                    updateTicket(index, { qty: event.target.value === '' ? Number.NaN : Number(event.target.value) });
                    onChange();
                  }}
                />
                <SelectInput
                  fieldKey={`tickets.${index}.discount_id`}
                  label={intl.formatMessage(messages.discount)}
                  className="ticket-line__discount"
                  value={line.discount_id === null ? '' : String(line.discount_id)}
                  error={errors[`tickets.${index}.discount_id`]}
                  onChange={(event) => {
                    updateTicket(index, { discount_id: event.target.value === '' ? null : Number(event.target.value) });
                    onChange();
                  }}
                >
                  <option value="">{intl.formatMessage(messages.fullFare)}</option>
                  {(discounts.data ?? []).map((discount) => (
                    <option key={discount.id} value={discount.id}>
                      {discountName(discount)}
                    </option>
                  ))}
                </SelectInput>
              </div>
              <PassengerNames
                index={index}
                qty={line.qty}
                names={line.passengers ?? []}
                errors={errors}
                onChange={(passengers) => updateTicket(index, { passengers })}
              />
              <p className="ticket-line__price">
                {line.total_formatted !== '' ? (
                  <>
                    <span>{intl.formatMessage(valueMessages.perPerson, { price: format.money(line.price) })}</span>{' '}
                    <strong>{intl.formatMessage(valueMessages.lineTotal, { total: format.money(line.total) })}</strong>
                  </>
                ) : null}
              </p>
              {tickets.length > 1 ? (
                <Button
                  variant="secondary"
                  className="ticket-line__remove"
                  onClick={() => {
                    removeTicket(index);
                    onChange();
                  }}
                >
                  {intl.formatMessage(valueMessages.remove, { number })}
                </Button>
              ) : null}
            </li>
          );
        })}
      </ol>
      {errors.tickets ? (
        <p id={`${fieldId('tickets')}-error`} className="form-field__error">
          {errors.tickets}
        </p>
      ) : null}
      {discounts.isError ? <p className="form-field__hint">{intl.formatMessage(messages.discountsFailed)}</p> : null}
      <Button
        variant="secondary"
        id={fieldId('tickets')}
        onClick={() => {
          addTicket();
          onChange();
        }}
      >
        {intl.formatMessage(messages.add)}
      </Button>
      {/* Polite: the new total is read once the recalculation has answered, not on every keystroke. */}
      <p className="ticket-lines__total" aria-live="polite" aria-atomic="true">
        {priceError ? (
          intl.formatMessage(messages.priceFailed)
        ) : priced ? (
          <strong>{intl.formatMessage(valueMessages.total, { total: format.money(total) })}</strong>
        ) : null}
      </p>
      {isCalculating && !priceError ? (
        <p className="ticket-lines__calculating">{intl.formatMessage(messages.calculating)}</p>
      ) : null}
    </fieldset>
  );
}
