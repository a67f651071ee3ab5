import { defineMessages } from 'react-intl';

import type { Option } from '../lib/area';

/** The complaints' list and page. */
export const complaintTexts = defineMessages({
  number: { id: 'admin.complaint.number', defaultMessage: 'Numer', description: 'Complaint column: number' },
  order: { id: 'admin.complaint.order', defaultMessage: 'Zamówienie', description: 'Complaint column: order number' },
  ticket: { id: 'admin.complaint.ticket', defaultMessage: 'Bilet', description: 'Complaint field: ticket number' },
  email: { id: 'admin.complaint.email', defaultMessage: 'E-mail', description: 'Complaint column: e-mail' },
  state: { id: 'admin.complaint.state', defaultMessage: 'Stan', description: 'Complaint column: state' },
  filedAt: { id: 'admin.complaint.filedAt', defaultMessage: 'Złożona', description: 'Complaint column: filed at' },
  daysLeft: { id: 'admin.complaint.daysLeft', defaultMessage: 'Dni do terminu', description: 'Complaint column: days to the open deadline' },
  daysLeftAtMost: {
    id: 'admin.complaint.daysLeftAtMost',
    defaultMessage: 'Dni do terminu (najwyżej)',
    description: 'Complaint filter: at most this many days left',
  },
  respondBy: {
    id: 'admin.complaint.respondBy',
    defaultMessage: 'Odpowiedź wstępna do (1 miesiąc)',
    description: 'Complaint field: the 1-month deadline',
  },
  answerBy: {
    id: 'admin.complaint.answerBy',
    defaultMessage: 'Odpowiedź ostateczna do (3 miesiące)',
    description: 'Complaint field: the 3-month deadline',
  },
  text: { id: 'admin.complaint.text', defaultMessage: 'Treść reklamacji', description: 'Complaint section: what the customer wrote' },
  attachments: { id: 'admin.complaint.attachments', defaultMessage: 'Załączniki', description: 'Complaint section: attachments' },
  noAttachments: { id: 'admin.complaint.noAttachments', defaultMessage: 'Brak załączników.', description: 'No attachments' },
  orderSection: { id: 'admin.complaint.orderSection', defaultMessage: 'Zamówienie i jego historia', description: 'Complaint section: the order and its timeline' },
  openOrder: { id: 'admin.complaint.openOrder', defaultMessage: 'Otwórz zamówienie', description: 'Link to the order page' },
  response: { id: 'admin.complaint.response', defaultMessage: 'Decyzja', description: 'Complaint section: the response' },
  acknowledge: { id: 'admin.complaint.acknowledge', defaultMessage: 'Rozpatrywana', description: 'Button: tell the customer it is under consideration' },
  accept: { id: 'admin.complaint.accept', defaultMessage: 'Uwzględnij', description: 'Button: accept the complaint' },
  reject: { id: 'admin.complaint.reject', defaultMessage: 'Odrzuć', description: 'Button: reject the complaint' },
  answer: { id: 'admin.complaint.answer', defaultMessage: 'Odpowiedź', description: 'Label: the final answer' },
  send: { id: 'admin.complaint.send', defaultMessage: 'Wyślij odpowiedź', description: 'Button: send the final answer by e-mail' },
  answerHint: {
    id: 'admin.complaint.answerHint',
    defaultMessage: 'Odpowiedź zostanie wysłana klientowi e-mailem; udziela się jej raz, po uwzględnieniu lub odrzuceniu.',
    description: 'Hint: the answer is e-mailed, once, after a decision',
  },
  answered: { id: 'admin.complaint.answered', defaultMessage: 'Udzielona odpowiedź', description: 'Complaint section: the answer given' },
  failed: { id: 'admin.complaint.failed', defaultMessage: 'Nie udało się zapisać. Spróbuj ponownie.', description: 'A step failed (network, server)' },
});

/** The sentences with numbers. */
export const complaintValues = defineMessages<{ overdue: { days: number }; attachment: { kind: string; size: number } }>({
  overdue: { id: 'admin.complaint.overdueDays', defaultMessage: '{days} (po terminie)', description: 'Days left, negative: the deadline has passed' },
  attachment: { id: 'admin.complaint.attachmentSize', defaultMessage: '{kind}, {size} KB', description: 'An attachment: its type and size' },
});

/** The states, for the filter and the cells. */
export const complaintStateTexts = defineMessages({
  received: { id: 'admin.complaint.state.received', defaultMessage: 'przyjęta', description: 'Complaint state: received' },
  acknowledged: { id: 'admin.complaint.state.acknowledged', defaultMessage: 'rozpatrywana', description: 'Complaint state: under consideration' },
  accepted: { id: 'admin.complaint.state.accepted', defaultMessage: 'uwzględniona', description: 'Complaint state: accepted' },
  rejected: { id: 'admin.complaint.state.rejected', defaultMessage: 'odrzucona', description: 'Complaint state: rejected' },
  answered: { id: 'admin.complaint.state.answered', defaultMessage: 'z odpowiedzią', description: 'Complaint state: answered' },
});

export const COMPLAINT_STATES: Option[] = (['received', 'acknowledged', 'accepted', 'rejected', 'answered'] as const).map((value) => ({
  value,
  label: complaintStateTexts[value],
}));
