import { defineMessages } from 'react-intl';

import type { Option } from '../lib/area';

/** The list of the messages sent to passengers (issue 39): e-mails and text messages, where each stands. */
export const messageTexts = defineMessages({
  createdAt: { id: 'admin.message.createdAt', defaultMessage: 'Utworzona', description: 'Message column: when the message was put in the outbox' },
  channel: { id: 'admin.message.channel', defaultMessage: 'Kanał', description: 'Message column and filter: e-mail or text message' },
  channelEmail: { id: 'admin.message.channelEmail', defaultMessage: 'E-mail', description: 'Message channel: e-mail' },
  channelSms: { id: 'admin.message.channelSms', defaultMessage: 'SMS', description: 'Message channel: text message' },
  recipient: { id: 'admin.message.recipient', defaultMessage: 'Odbiorca', description: 'Message column and filter: the e-mail address or phone number' },
  subject: { id: 'admin.message.subject', defaultMessage: 'Temat', description: 'Message column: the e-mail subject (for a text message: what it is about)' },
  order: { id: 'admin.message.order', defaultMessage: 'Zamówienie', description: 'Message column and filter: the order number' },
  state: { id: 'admin.message.state', defaultMessage: 'Stan', description: 'Message column and filter: where the message stands' },
  openOrder: { id: 'admin.message.openOrder', defaultMessage: 'Otwórz zamówienie', description: 'Link to the order of a message whose order number is not known (e.g. a complaint message)' },
  attempts: { id: 'admin.message.attempts', defaultMessage: 'Próby', description: 'Message column: how many times sending was tried' },
  queued: { id: 'admin.message.state.queued', defaultMessage: 'W kolejce', description: 'Message state: waiting to be sent (or to be tried again)' },
  sent: { id: 'admin.message.state.sent', defaultMessage: 'Wysłano', description: 'Message state: handed over for delivery' },
  delivered: { id: 'admin.message.state.delivered', defaultMessage: 'Dostarczono', description: 'Message state: the delivery was confirmed' },
  failed: { id: 'admin.message.state.failed', defaultMessage: 'Nie wysłano', description: 'Message state: sending failed for good' },
});

/** The sentences with values. */
export const messageValues = defineMessages<{
  failedBecause: { error: string };
  retryAt: { time: string };
  lastError: { error: string };
  kindOf: { kind: string };
}>({
  failedBecause: { id: 'admin.message.failedBecause', defaultMessage: 'Nie wysłano: {error}', description: 'Message state: failed, with the last error' },
  retryAt: { id: 'admin.message.retryAt', defaultMessage: 'kolejna próba: {time}', description: 'A queued message: when it is tried next (date and time)' },
  lastError: { id: 'admin.message.lastError', defaultMessage: 'ostatni błąd: {error}', description: 'A queued message: why its last attempt failed' },
  kindOf: { id: 'admin.message.kindOf', defaultMessage: 'rodzaj: {kind}', description: 'What the message is (a technical name, e.g. tickets-email)' },
});

export const MESSAGE_STATES: Option[] = [
  { value: 'queued', label: messageTexts.queued },
  { value: 'sent', label: messageTexts.sent },
  { value: 'delivered', label: messageTexts.delivered },
  { value: 'failed', label: messageTexts.failed },
];

export const MESSAGE_CHANNELS: Option[] = [
  { value: 'email', label: messageTexts.channelEmail },
  { value: 'sms', label: messageTexts.channelSms },
];
