import { useIntl } from 'react-intl';

import { common } from '../messages/common-messages';

import { AdminPage } from './admin-page';

export function AdminNotFound() {
  const intl = useIntl();
  return (
    <AdminPage title={intl.formatMessage(common.notFound)}>
      <p className="admin-note">{intl.formatMessage(common.notFound)}</p>
    </AdminPage>
  );
}
