// The copy of a person's data (my-data-view.tsx) in words: the kinds of the messages sent and of the
// consents given, from the codes the API sends. A code nobody worded yet is shown as sent.
import type { MessageDescriptor } from 'react-intl';

import type { DisplayText } from '@/shared/lib/display-text';

import { privacyMessages as m, privacyValues as v } from '../components/privacy-messages';

/** `terms` and `personal_data` (the two consents an order placed online records). */
export function consentText(kind: string): DisplayText {
  if (kind === 'terms') return m.consentTerms;
  if (kind === 'personal_data') return m.consentPersonalData;
  return kind;
}

/** The messages by the first part of their kind (`tickets-email/again/…` is `tickets-email`). */
const KINDS: Readonly<Record<string, MessageDescriptor>> = {
  tickets: m.kindTickets,
  'tickets-email': m.kindTicketsEmail,
  'tickets-sms': m.kindTicketsSms,
  'payment-link': m.kindPaymentLink,
  'ticket-moved': m.kindTicketMoved,
  'ticket-returned': m.kindTicketReturned,
  disruption: m.kindDisruption,
};

/**
 * A sent message's kind in words (the kinds the backend records in `sent_messages`): `tickets-email`,
 * `tickets-sms` (and `…/again/{id}` when sent again on request), `payment-link`, `invoice-mail/{number}`,
 * `invoice-copy/{number}`, `ticket-moved/{id}`, `ticket-returned/{id}`, `disruption/{id}`,
 * `complaint-{step}`; any other kind as sent.
 */
export function messageKindText(kind: string): DisplayText {
  const slash = kind.indexOf('/');
  const head = slash < 0 ? kind : kind.slice(0, slash);
  const tail = slash < 0 ? '' : kind.slice(slash + 1);
  if (head === 'invoice-mail' && tail) return { ...v.kindInvoiceMail, values: { number: tail } };
  if (head === 'invoice-copy' && tail) return { ...v.kindInvoiceCopy, values: { number: tail } };
  const again = tail === 'again' || tail.startsWith('again/');
  if (again && head === 'tickets-email') return m.kindTicketsEmailAgain;
  if (again && head === 'tickets-sms') return m.kindTicketsSmsAgain;
  if (Object.hasOwn(KINDS, head)) return KINDS[head] ?? kind;
  if (head.startsWith('disruption-')) return m.kindDisruption;
  if (head.startsWith('complaint-')) return m.kindComplaint;
  return kind;
}
