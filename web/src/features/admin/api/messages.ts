// The messages sent to passengers and accounts (issue 39): every e-mail and text message goes through
// one outbox, retried until it is sent; `GET /messages/message/all` lists them with where each stands.
// Read-only: the list goes through the panel's data provider.
import type { ApiSchema } from '@/shared/api/schema';

export const MESSAGES = 'messages/message';

/** A message and where it stands (`queued`, `sent`, `delivered`, `failed`). */
export type MessageRow = ApiSchema<'MessageView'>;
