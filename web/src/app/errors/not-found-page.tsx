import { useIntl } from 'react-intl';

import { useLocalizedPath } from '@/i18n/use-locale';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { ButtonLink } from '@/shared/ui/button';
import { StatusPage } from '@/shared/ui/status-page';

import { errorMessages } from './error-messages';

/**
 * The 404 page. Part of the main bundle, not a lazy route: it must render even when a route chunk
 * cannot be loaded. The SPA fallback answers 200, so "404" here is what the user sees, not the status.
 */
export function NotFoundPage() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const title = intl.formatMessage(errorMessages.notFoundTitle);
  usePageTitle(title);

  return (
    <StatusPage
      title={title}
      message={intl.formatMessage(errorMessages.notFoundMessage)}
      action={<ButtonLink to={localized('/')}>{intl.formatMessage(errorMessages.backHome)}</ButtonLink>}
    />
  );
}
