import { useIntl } from 'react-intl';

import { isApiError } from '@/shared/api/api-error';
import { serverMessage } from '@/shared/api/server-messages';

import { common } from '../messages/common-messages';

/** A list or record that did not load: what the server said, and a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <div className="admin-error" role="alert">
      <p>
        <strong>{intl.formatMessage(common.loadFailed)}</strong>
      </p>
      <p>
        {isApiError(error) ? serverMessage(intl, { message: error.message, code: error.code }) : null}
      </p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {intl.formatMessage(common.retry)}
      </button>
    </div>
  );
}
