// `/admin/personal-data` (issue 38, RODO): the requests about personal data, open ones first with
// their deadline, the form for a request the office received, the done ones with what was done, and
// the register of erasures.
import { useIntl } from 'react-intl';

import { areaTitles } from '../messages/area-titles';
import { privacyTexts as t } from '../messages/privacy-messages';

import { AdminPage } from './admin-page';
import { ErasureRegister } from './erasure-register';
import { PrivacyRequestForm } from './privacy-request-form';
import { DoneRequests, OpenRequests } from './privacy-requests';

export function PersonalDataScreen() {
  const intl = useIntl();
  return (
    <AdminPage title={intl.formatMessage(areaTitles.personalData)}>
      <p className="admin-note">{intl.formatMessage(t.lead)}</p>
      <OpenRequests />
      <PrivacyRequestForm />
      <DoneRequests />
      <ErasureRegister />
    </AdminPage>
  );
}
