import { useState } from 'react';
import { useIntl } from 'react-intl';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { useLocalizedPath } from '@/i18n/use-locale';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { isChunkLoadError, reloadForChunkError } from '@/shared/lib/chunk-reload';
import { ButtonLink } from '@/shared/ui/button';
import { StatusPage } from '@/shared/ui/status-page';

import { errorMessages } from './error-messages';
import { NotFoundPage } from './not-found-page';

/** Route `errorElement`: a 404 response shows the not-found page, anything else a generic error
 * (docs/web.md, 'Not found, and other failures of a page'). */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (isChunkLoadError(error)) return <ChunkError />;
  return <GenericError />;
}

/**
 * A page's code could not be loaded, most likely because a new version was deployed meanwhile: reload
 * once (at most once a minute: docs/web.md, 'A new version of the app'), else show the generic error.
 */
function ChunkError() {
  const [reloading] = useState(() => reloadForChunkError());
  return reloading ? null : <GenericError />;
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
