import { MESSAGES, type MessageRow } from '../api/messages';
import { CellValue } from '../components/cell-value';
import { MessageChannel, MessageOrder, MessageState, MessageSubject } from '../components/message-cells';
import { defineArea } from '../lib/define-area';
import { areaTitles } from '../messages/area-titles';
import { MESSAGE_CHANNELS, MESSAGE_STATES, messageTexts } from '../messages/message-messages';

/**
 * The messages sent (issue 39): every e-mail and text message of the outbox, newest first, with where
 * each stands (queued with its next attempt, sent, delivered, or not sent with the error), filtered by
 * state, channel, recipient and order; the order number opens the order. A read-only list: no page per
 * message.
 */
export const messagesArea = defineArea<MessageRow, Record<string, never>>({
  path: 'messages',
  apiPath: MESSAGES,
  title: areaTitles.messages,
  newTitle: areaTitles.messages,
  recordTitle: (message) => message.subject || message.kind,
  idOf: (message) => message.id,
  defaultSort: '-created_at',
  canCreate: false,
  listOnly: true,
  columns: [
    { key: 'created_at', label: messageTexts.createdAt, sortable: true, cell: (message) => <CellValue value={message.created_at} /> },
    { key: 'channel', label: messageTexts.channel, sortable: true, cell: (message) => <MessageChannel message={message} /> },
    { key: 'recipient', label: messageTexts.recipient, sortable: true },
    { key: 'subject', label: messageTexts.subject, cell: (message) => <MessageSubject message={message} /> },
    { key: 'order_number', label: messageTexts.order, sortable: true, cell: (message) => <MessageOrder message={message} /> },
    { key: 'state', label: messageTexts.state, sortable: true, cell: (message) => <MessageState message={message} /> },
    { key: 'attempts', label: messageTexts.attempts, sortable: true, numeric: true },
  ],
  filters: [
    { field: 'state', op: 'eq', label: messageTexts.state, kind: 'select', options: MESSAGE_STATES },
    { field: 'channel', op: 'eq', label: messageTexts.channel, kind: 'select', options: MESSAGE_CHANNELS },
    { field: 'recipient', op: 'like', label: messageTexts.recipient },
    { field: 'order_number', op: 'like', label: messageTexts.order },
  ],
});
