// The words of the personal data page (issue 38): a request's kind and channel, who erased, what an
// erasure kept and why, and a refused step on a request.
import type { IntlShape, MessageDescriptor } from 'react-intl';

import { isApiError } from '@/shared/api/api-error';
import { formatDisplayText } from '@/shared/lib/display-text';

import type { Erasure } from '../api/privacy';
import { privacyTexts as t } from '../messages/privacy-messages';

import { adminServerText } from './admin-errors';

const KINDS: Record<string, MessageDescriptor> = { export: t.kindExport, erasure: t.kindErasure };
const CHANNELS: Record<string, MessageDescriptor> = {
  letter: t.channelLetter,
  desk: t.channelDesk,
  email: t.channelEmail,
  account: t.channelAccount,
  link: t.channelLink,
};
const KEPT: Record<string, MessageDescriptor> = { customer: t.keptCustomer, buyer: t.keptBuyer, complaint: t.keptComplaint };
const WHY: Record<string, MessageDescriptor> = {
  awaiting_payment: t.whyPayment,
  journey_ahead: t.whyJourney,
  invoice: t.whyInvoice,
  open_complaint: t.whyComplaint,
};
const ERASED: Record<string, MessageDescriptor> = {
  customer: t.dataCustomer,
  buyer: t.dataBuyer,
  complaint: t.dataComplaint,
  account: t.dataAccount,
};

/** A word of one of the tables above; a value the page does not know yet is shown as sent. */
function said(intl: IntlShape, words: Record<string, MessageDescriptor>, value: string): string {
  const word = Object.hasOwn(words, value) ? words[value] : undefined;
  return word ? intl.formatMessage(word) : value;
}

export const kindWord = (intl: IntlShape, kind: string) => said(intl, KINDS, kind);
export const channelWord = (intl: IntlShape, channel: string) => said(intl, CHANNELS, channel);
export const erasedWord = (intl: IntlShape, data: string) => said(intl, ERASED, data);
/** What an erasure kept (`customer`, `buyer`, `complaint`) and why (`invoice`, `journey_ahead`…). */
export const keptWord = (intl: IntlShape, data: string) => said(intl, KEPT, data);
export const whyWord = (intl: IntlShape, why: string) => said(intl, WHY, why);

/** Who erased: the person, the admin (their e-mail) or the retention schedule. */
export function erasedBy(intl: IntlShape, erasure: Erasure): string {
  if (erasure.by === 'person') return intl.formatMessage(t.byPerson);
  if (erasure.by === 'schedule') return intl.formatMessage(t.bySchedule);
  return erasure.by_email ?? intl.formatMessage(t.byAdmin);
}

/** A refused step on a request, in the panel's words from the one table of codes (done meanwhile, not
 * an erasure, not found); anything else (the network) as a failed step. */
export function refusalText(intl: IntlShape, failure: unknown): string {
  const known = isApiError(failure) ? adminServerText(failure) : null;
  return known ? formatDisplayText(intl, known) : intl.formatMessage(t.stepFailed);
}

/** The id of a table row's first cell (the request's number), which the row's buttons are described by. */
export const rowId = (key: string) => `privacy-row-${key}`;
