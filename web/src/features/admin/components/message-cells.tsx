// The cells of the messages list (issue 39): the channel and the state in words (a failed one with its
// error, a queued one with its next attempt and the last error), and the order number linked to the
// order's page.
import { useIntl } from 'react-intl';
import { Link } from 'react-router';

import { useFormatters } from '@/i18n/format';

import type { MessageRow } from '../api/messages';
import { useAdminHref } from '../lib/admin-path';
import { common } from '../messages/common-messages';
import { MESSAGE_CHANNELS, MESSAGE_STATES, messageTexts, messageValues } from '../messages/message-messages';

function optionWords(options: typeof MESSAGE_STATES, value: string) {
  return options.find((option) => option.value === value)?.label ?? null;
}

export function MessageChannel({ message }: { message: MessageRow }) {
  const intl = useIntl();
  const label = optionWords(MESSAGE_CHANNELS, message.channel);
  return <>{label && typeof label !== 'string' ? intl.formatMessage(label) : message.channel}</>;
}

export function MessageState({ message }: { message: MessageRow }) {
  const intl = useIntl();
  const { dateTime } = useFormatters();
  const error = message.last_error?.trim() ?? '';
  if (message.state === 'failed' && error) return <strong>{intl.formatMessage(messageValues.failedBecause, { error })}</strong>;
  const label = optionWords(MESSAGE_STATES, message.state);
  const words = label && typeof label !== 'string' ? intl.formatMessage(label) : message.state;
  if (message.state === 'failed') return <strong>{words}</strong>;
  if (message.state !== 'queued') return <>{words}</>;
  return (
    <>
      {words}
      <span className="admin-message__detail">{intl.formatMessage(messageValues.retryAt, { time: dateTime(message.next_attempt_at) })}</span>
      {error ? <span className="admin-message__detail">{intl.formatMessage(messageValues.lastError, { error })}</span> : null}
    </>
  );
}

/** The e-mail's subject, or what a text message is (its kind). */
export function MessageSubject({ message }: { message: MessageRow }) {
  const intl = useIntl();
  return <>{message.subject.trim() || intl.formatMessage(messageValues.kindOf, { kind: message.kind })}</>;
}

export function MessageOrder({ message }: { message: MessageRow }) {
  const intl = useIntl();
  const href = useAdminHref();
  if (!message.order_id) return <>{message.order_number ?? intl.formatMessage(common.none)}</>;
  // A message of an order known by its id alone (a complaint's) still opens the order.
  return <Link to={href(`order/order/${message.order_id}`)}>{message.order_number ?? intl.formatMessage(messageTexts.openOrder)}</Link>;
}
