import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';

import type { AccountDeleted } from '../api/delete-my-account';

import { FormNotice } from './form-notice';
import { privacyMessages as m, privacyValues as v } from './privacy-messages';

const whyKept = { invoice: m.whyInvoice, journey_ahead: m.whyJourney, open_complaint: m.whyComplaint } as const;
const why = (code: string) => whyKept[code as keyof typeof whyKept] ?? m.whyPayment;
const whatKept = { buyer: m.keptBuyer, complaint: m.keptComplaint } as const;
const what = (data: string) => whatKept[data as keyof typeof whatKept] ?? m.keptCustomer;

/** After an account's deletion or a guest's erasure: what the law keeps for now, until when and why
 * (from the answer), or that nothing is kept. */
export function KeptData({ kept }: { kept: AccountDeleted['kept'] }) {
  const intl = useIntl();
  const f = useFormatters();
  return (
    <FormNotice tone="success">
      {kept.length === 0 ? (
        <p>{intl.formatMessage(m.deletedNothingKept)}</p>
      ) : (
        <>
          <p>{intl.formatMessage(m.deletedKept)}</p>
          <ul>
            {kept.map((item, i) => (
              <li key={`${item.order_number}-${item.data}-${i}`}>
                {intl.formatMessage(v.keptItem, {
                  number: item.order_number,
                  data: intl.formatMessage(what(item.data)),
                  until: f.date(item.until),
                  why: intl.formatMessage(why(item.why)),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </FormNotice>
  );
}
