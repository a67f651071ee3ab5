// Errors after a failed submit, listed at the top of the form with links to their fields
// (focus moves here, so screen reader users hear how many problems there are and what they are).
import type { Ref } from 'react';
import { defineMessages, useIntl } from 'react-intl';

import { fieldId } from '../utils/field-id';

const valueMessages = defineMessages<{ title: { count: number } }>({
  title: {
    id: 'order.errors.title',
    defaultMessage: '{count, plural, one {Popraw # błąd} few {Popraw # błędy} many {Popraw # błędów} other {Popraw # błędu}}',
    description: 'Heading of the error summary of the order form',
  },
});

export interface SummaryError {
  /** The form key of the field, or `general` for an error of no field. */
  key: string;
  message: string;
}

export function ErrorSummary({ errors, ref }: { errors: SummaryError[]; ref?: Ref<HTMLDivElement> }) {
  const intl = useIntl();
  if (errors.length === 0) return null;
  return (
    <div ref={ref} className="form-error-summary" tabIndex={-1} role="alert" aria-labelledby="order-error-summary-title">
      <h2 id="order-error-summary-title" className="form-error-summary__title">
        {intl.formatMessage(valueMessages.title, { count: errors.length })}
      </h2>
      <ul>
        {errors.map((error) => (
          <li key={`${error.key}:${error.message}`}>
            {error.key === 'general' ? (
              error.message
            ) : (
              <a
                href={`#${fieldId(error.key)}`}
                onClick={(event) => {
                  const field = document.getElementById(fieldId(error.key));
                  if (field) {
                    event.preventDefault();
                    field.focus();
                    field.scrollIntoView?.({ block: 'center' });
                  }
                }}
              >
                {error.message}
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
