import { defineMessages, useIntl } from 'react-intl';

import { Page } from '@/shared/ui/page';

const messages = defineMessages({
  title: {
    id: 'admin.placeholder.title',
    defaultMessage: 'Panel administracyjny',
    description: 'Title of the admin panel placeholder page',
  },
  text: {
    id: 'admin.placeholder.text',
    defaultMessage: 'Panel administracyjny jest w przygotowaniu.',
    description: 'Text of the admin panel placeholder page, until the admin panel is built',
  },
});

/**
 * `/admin/*`, for SuperAdmins (RequireSuperAdmin in the router). A lazy chunk of its own, so admin
 * code never reaches the customer's bundle; the admin panel itself replaces this page later.
 */
export function AdminPlaceholderRoute() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage(messages.title)}>
      <p>{intl.formatMessage(messages.text)}</p>
    </Page>
  );
}
