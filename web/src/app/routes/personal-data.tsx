import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';

import { GuestData } from '@/features/auth/components/guest-data';
import { GuestLinkForm } from '@/features/auth/components/guest-link-form';
import { guestPrivacyMessages as m } from '@/features/auth/components/guest-privacy-messages';
import { Page } from '@/shared/ui/page';

/** `/personal-data` (issue 38, RODO): a guest, without an account, asks for a link to their data with an
 * order's number and e-mail; the e-mailed link (`?token=…`) shows the data, to read, download or erase. */
export function PersonalDataRoute() {
  const intl = useIntl();
  const token = useSearchParams()[0].get('token');
  if (token) return <GuestData key={token} token={token} />;
  return (
    <Page title={intl.formatMessage(m.pageTitle)} width="narrow" lead={<p>{intl.formatMessage(m.lead)}</p>}>
      <GuestLinkForm />
    </Page>
  );
}
