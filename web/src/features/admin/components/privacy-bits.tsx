// The pieces of the personal data page (issue 38): the days left to answer a request (overdue ones
// marked) and what an erasure kept for now, until when and why.
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';

import type { KeptData } from '../api/privacy';
import { keptWord, whyWord } from '../lib/privacy-words';
import { common } from '../messages/common-messages';
import { privacyTexts as t, privacyValues as v } from '../messages/privacy-messages';

/** The days left to answer; an overdue request marked, in words and not only in colour. */
export function DaysToAnswer({ days }: { days: number | null | undefined }) {
  const intl = useIntl();
  if (days === null || days === undefined) return <>{intl.formatMessage(common.none)}</>;
  if (days < 0) return <strong className="admin-overdue">{intl.formatMessage(v.overdue, { days: -days })}</strong>;
  return <>{intl.formatMessage(v.daysLeft, { days })}</>;
}

/** What an erasure kept for now: per order, what, until when and why. */
export function KeptList({ kept }: { kept: readonly KeptData[] }) {
  const intl = useIntl();
  const { date } = useFormatters();
  if (kept.length === 0) return <p>{intl.formatMessage(t.erasedNothingKept)}</p>;
  return (
    <>
      <p>{intl.formatMessage(t.erasedKept)}</p>
      <ul className="admin-plain-list">
        {kept.map((item, i) => (
          <li key={`${item.order_number}-${item.data}-${i}`}>
            {intl.formatMessage(v.keptItem, {
              number: item.order_number,
              data: keptWord(intl, item.data),
              until: date(item.until),
              why: whyWord(intl, item.why),
            })}
          </li>
        ))}
      </ul>
    </>
  );
}
