// Payments and refunds in the office's words: the panel never shows the API's codes (`cash`,
// `card_terminal`, `cash-<uuid>`). A gateway's own transaction id stays as it is: it is what the
// office quotes to the gateway.
import type { MessageDescriptor } from 'react-intl';

import { deskTexts } from '../messages/desk-messages';

const PROVIDERS: Record<string, MessageDescriptor> = {
  cash: deskTexts.providerCash,
  card_terminal: deskTexts.providerCardTerminal,
  sandbox: deskTexts.providerSandbox,
  przelewy24: deskTexts.providerPrzelewy24,
  none: deskTexts.providerNone,
};

/** Who took the payment, in words; `null` for a provider this panel does not know. */
export function providerWords(provider: string | null | undefined): MessageDescriptor | null {
  return provider ? (PROVIDERS[provider] ?? null) : null;
}

/** An office payment's transaction (`cash-<order id>`, `card_terminal-<order id>`) in words; `null` for a gateway's id. */
export function transactionWords(transactionId: string | null | undefined): MessageDescriptor | null {
  if (transactionId?.startsWith('card_terminal-')) return deskTexts.transactionCardTerminal;
  if (transactionId?.startsWith('cash-')) return deskTexts.transactionCash;
  return null;
}

/** Whether the order's money goes back on the office's card terminal (it was paid by card there). */
export const refundedOnTerminal = (method: string | null | undefined) => method === 'card_terminal';
