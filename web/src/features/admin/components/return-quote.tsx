// The return dialog's sum (issue: the fee and the amount were said only after the return): the
// server's quote of the return, before it is confirmed: the ticket's price, the fee kept, what goes back,
// and each part of it with how it goes back (cash at the desk, the card on the terminal, the payment
// gateway, the coupon). The quote is the return's own decision, recorded nowhere, so the two agree.
import { useId } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';

import { useFormatters } from '@/i18n/format';

import type { ReturnQuote } from '../api/orders';
import { returnQuoteTexts as texts, returnQuoteValues as values } from '../messages/return-money-messages';

const MONEY_TO: Record<string, MessageDescriptor> = {
  office: texts.toOffice,
  terminal: texts.toTerminal,
  payment: texts.toPayment,
};

export function ReturnQuoteSum({ quote }: { quote: ReturnQuote }) {
  const intl = useIntl();
  const titleId = useId();
  const { money } = useFormatters();
  const moneyTo = MONEY_TO[quote.money_to];
  const rows: [string, string][] = [
    [intl.formatMessage(texts.price), money(quote.price)],
    [intl.formatMessage(texts.fee), money(quote.fee)],
    [intl.formatMessage(texts.back), money(quote.back)],
    ...(quote.money_refund > 0 && moneyTo ? [[intl.formatMessage(moneyTo), money(quote.money_refund)] as [string, string]] : []),
    ...(quote.coupon_refund > 0
      ? [[intl.formatMessage(values.toCoupon, { code: quote.coupon_code ?? '' }), money(quote.coupon_refund)] as [string, string]]
      : []),
  ];
  return (
    <div className="admin-return-quote" role="group" aria-labelledby={titleId}>
      <h3 id={titleId} className="admin-return-quote__title">
        {intl.formatMessage(texts.title)}
      </h3>
      <dl className="admin-facts">
        {rows.map(([label, value]) => (
          <div key={label} className="admin-facts__row">
            <dt>{label}</dt>
            <dd className="admin-return-quote__amount">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
