import { useIntl, type MessageDescriptor } from 'react-intl';

import { common } from '../messages/common-messages';

import { AdminPage } from './admin-page';

/** Orders and invoices: the next issue builds them on this frame; until then an honest note. */
export function ComingSoon({ title }: { title: MessageDescriptor }) {
  const intl = useIntl();
  return (
    <AdminPage title={intl.formatMessage(title)}>
      <p className="admin-note">{intl.formatMessage(common.comingSoon)}</p>
    </AdminPage>
  );
}

export function AdminNotFound() {
  const intl = useIntl();
  return (
    <AdminPage title={intl.formatMessage(common.notFound)}>
      <p className="admin-note">{intl.formatMessage(common.notFound)}</p>
    </AdminPage>
  );
}
