import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';

import type { AccountDeleted } from '@/features/auth/api/delete-my-account';
import { FormNotice } from '@/features/auth/components/form-notice';
import { privacyMessages as m, privacyValues as v } from '@/features/auth/components/privacy-messages';
import { useFormatters } from '@/i18n/format';
import { Page } from '@/shared/ui/page';

const whyKept = { invoice: m.whyInvoice, journey_ahead: m.whyJourney, open_complaint: m.whyComplaint } as const;
const why = (code: string) => whyKept[code as keyof typeof whyKept] ?? m.whyPayment;
const whatKept = { buyer: m.keptBuyer, complaint: m.keptComplaint } as const;
const what = (data: string) => whatKept[data as keyof typeof whatKept] ?? m.keptCustomer;

/** `/account-deleted`: after the deletion, what the law keeps for now and until when (from the answer). */
export function AccountDeletedRoute() {
  const intl = useIntl();
  const f = useFormatters();
  const deleted = useLocation().state as AccountDeleted | null;
  const kept = deleted?.kept ?? [];
  return (
    <Page title={intl.formatMessage(m.deleted)} width="narrow">
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
    </Page>
  );
}
