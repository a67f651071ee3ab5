import { useIntl } from 'react-intl';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { ButtonLink } from '@/shared/ui/button';
import { StatusPage } from '@/shared/ui/status-page';

import { errorMessages } from './error-messages';
import { NotFoundPage } from './not-found-page';

/** Route `errorElement`: a 404 response shows the not-found page, anything else a generic error (spec §2). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <GenericError />;
}

function GenericError() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const title = intl.formatMessage(errorMessages.errorTitle);
  usePageTitle(title);

  return (
    <StatusPage
      title={title}
      message={intl.formatMessage(errorMessages.errorMessage)}
      action={<ButtonLink to={localized('/')}>{intl.formatMessage(errorMessages.backHome)}</ButtonLink>}
    />
  );
}
