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
  acceptTitle: { id: 'admin.complaint.acceptTitle', defaultMessage: 'Uwzględnić reklamację?', description: 'Dialog title: accept the complaint' },
  acceptText: {
    id: 'admin.complaint.acceptText',
    defaultMessage: 'Klient dostanie e-mail, że reklamacja została uwzględniona. Tej decyzji nie można potem zmienić.',
    description: 'Dialog text: accepting e-mails the customer and cannot be undone',
  },
  rejectTitle: { id: 'admin.complaint.rejectTitle', defaultMessage: 'Odrzucić reklamację?', description: 'Dialog title: reject the complaint' },
  rejectText: {
    id: 'admin.complaint.rejectText',
    defaultMessage: 'Klient dostanie e-mail, że reklamacja nie została uwzględniona. Tej decyzji nie można potem zmienić.',
    description: 'Dialog text: rejecting e-mails the customer and cannot be undone',
  },
  back: { id: 'admin.complaint.back', defaultMessage: 'Anuluj', description: 'Dialog button: close without deciding' },
  filedVia: { id: 'admin.complaint.filedVia', defaultMessage: 'Zgłoszenie', description: 'Complaint column and field: how it was filed (online, or by the office for a passenger)' },
  online: { id: 'admin.complaint.online', defaultMessage: 'przez stronę', description: 'A complaint the passenger filed on the website' },
  fileNew: { id: 'admin.complaint.fileNew', defaultMessage: 'Zgłoś reklamację pasażera', description: 'Link and title: the office files a complaint for a passenger who phoned, wrote or came to the desk' },
  fileLead: {
    id: 'admin.complaint.fileLead',
    defaultMessage: 'Dla pasażera, który zgłosił reklamację telefonicznie, listownie lub w kasie. Odpowiedzi pójdą na podany adres e-mail.',
    description: 'What the office complaint form is for; the answers go to the e-mail given',
  },
  fileNumber: { id: 'admin.complaint.fileNumber', defaultMessage: 'Numer zamówienia lub biletu', description: 'Field: the order or ticket number' },
  fileEmail: { id: 'admin.complaint.fileEmail', defaultMessage: 'E-mail pasażera (na ten adres pójdą odpowiedzi)', description: 'Field: the passenger e-mail, where the answers go' },
  fileText: { id: 'admin.complaint.fileText', defaultMessage: 'Treść reklamacji', description: 'Field: what the passenger complains about' },
  fileLanguage: { id: 'admin.complaint.fileLanguage', defaultMessage: 'Język odpowiedzi', description: 'Field: the language of the e-mails to the passenger' },
  languagePl: { id: 'admin.complaint.languagePl', defaultMessage: 'polski', description: 'Language option: Polish' },
  languageEn: { id: 'admin.complaint.languageEn', defaultMessage: 'angielski', description: 'Language option: English' },
  fileVia: { id: 'admin.complaint.fileVia', defaultMessage: 'Otrzymana', description: 'Field: how the office received the complaint (phone, letter, at the desk)' },
  fileSubmit: { id: 'admin.complaint.fileSubmit', defaultMessage: 'Zapisz reklamację', description: 'Button: file the complaint for the passenger' },
  fileSending: { id: 'admin.complaint.fileSending', defaultMessage: 'Zapisywanie…', description: 'Button while the complaint is filed' },
  required: { id: 'admin.complaint.required', defaultMessage: 'To pole jest wymagane.', description: 'Validation: a required field is empty' },
  openFiled: { id: 'admin.complaint.openFiled', defaultMessage: 'Otwórz reklamację', description: 'Link to the complaint just filed' },
});

/** The sentences with numbers. */
export const complaintValues = defineMessages<{
  overdue: { days: number };
  attachment: { kind: string; size: number };
  filed: { number: string; respondBy: string };
}>({
  filed: {
    id: 'admin.complaint.filed',
    defaultMessage: 'Zapisano reklamację {number}. Pasażer dostanie potwierdzenie e-mailem; decyzja do {respondBy}.',
    description: 'The office filed the complaint: its number and the 1-month deadline',
  },
  overdue: { id: 'admin.complaint.overdueDays', defaultMessage: '{days} (po terminie)', description: 'Days left, negative: the deadline has passed' },
  attachment: { id: 'admin.complaint.attachmentSize', defaultMessage: '{kind}, {size} KB', description: 'An attachment: its type and size' },
});

/** The states, for the filter and the cells. */
export const complaintStateTexts = defineMessages({
  // Not "przyjęta", which reads as accepted: the complaint has only arrived.
  received: { id: 'admin.complaint.state.received', defaultMessage: 'otrzymana', description: 'Complaint state: received (arrived, not decided yet; not "accepted")' },
  acknowledged: { id: 'admin.complaint.state.acknowledged', defaultMessage: 'rozpatrywana', description: 'Complaint state: under consideration' },
  accepted: { id: 'admin.complaint.state.accepted', defaultMessage: 'uwzględniona', description: 'Complaint state: accepted' },
  rejected: { id: 'admin.complaint.state.rejected', defaultMessage: 'odrzucona', description: 'Complaint state: rejected' },
  answered: { id: 'admin.complaint.state.answered', defaultMessage: 'z odpowiedzią', description: 'Complaint state: answered' },
});

export const COMPLAINT_STATES: Option[] = (['received', 'acknowledged', 'accepted', 'rejected', 'answered'] as const).map((value) => ({
  value,
  label: complaintStateTexts[value],
}));
