import { defineMessages } from 'react-intl';

import type { Option } from '../lib/area';

/** Where an invoice stands in KSeF (the national e-invoice system): the admin's list and invoice page. */
export const ksefTexts = defineMessages({
  column: { id: 'admin.ksef.column', defaultMessage: 'KSeF', description: 'Column and filter: the document\'s state in KSeF' },
  heading: { id: 'admin.ksef.heading', defaultMessage: 'KSeF', description: 'Heading of the KSeF section of an invoice page' },
  none: { id: 'admin.ksef.none', defaultMessage: 'Nie dotyczy', description: 'KSeF state: the document does not go to KSeF' },
  noneNote: {
    id: 'admin.ksef.noneNote',
    defaultMessage: 'Ten dokument nie jest wysyłany do KSeF (faktura dla konsumenta, gdy w ustawieniach wyłączono ich wysyłkę).',
    description: 'KSeF section: the document is not due for KSeF',
  },
  waiting: { id: 'admin.ksef.waiting', defaultMessage: 'Czeka na wysłanie', description: 'KSeF state: waiting to be sent' },
  offline: { id: 'admin.ksef.offline', defaultMessage: 'Offline', description: 'KSeF state: issued in offline mode, to be sent by its deadline' },
  sent: { id: 'admin.ksef.sent', defaultMessage: 'Wysłana', description: 'KSeF state: sent, KSeF has not decided yet' },
  accepted: { id: 'admin.ksef.accepted', defaultMessage: 'Przyjęta', description: 'KSeF state: accepted, has its KSeF number' },
  rejected: { id: 'admin.ksef.rejected', defaultMessage: 'Odrzucona', description: 'KSeF state: rejected by KSeF' },
  number: { id: 'admin.ksef.number', defaultMessage: 'Numer KSeF', description: 'Field: the KSeF number' },
  state: { id: 'admin.ksef.state', defaultMessage: 'Stan', description: 'Field: the state in KSeF' },
  deadlineField: { id: 'admin.ksef.deadlineField', defaultMessage: 'Termin wysłania (offline)', description: 'Field: the last day an offline document may be sent to KSeF on' },
  upo: { id: 'admin.ksef.upo', defaultMessage: 'Pobierz UPO', description: 'Link: download the official receipt (UPO XML) of KSeF' },
  upoField: { id: 'admin.ksef.upoField', defaultMessage: 'Urzędowe poświadczenie odbioru', description: 'Field: KSeF\'s receipt (UPO)' },
  rejectedWhat: {
    id: 'admin.ksef.rejectedWhat',
    defaultMessage: 'Co zrobić: popraw dane nabywcy w zamówieniu (np. NIP lub nazwę). Zostanie wystawiona korekta, a dokument zostanie wysłany do KSeF ponownie.',
    description: 'KSeF section: what to do about a rejected document',
  },
  offlineNote: {
    id: 'admin.ksef.offlineNote',
    defaultMessage: 'Wystawiona w trybie offline (KSeF był niedostępny); zostanie wysłana automatycznie, gdy KSeF znów odpowie.',
    description: 'KSeF section: an offline document',
  },
});

export const ksefValues = defineMessages<{ deadline: { date: string }; rejection: { code: string; reason: string } }>({
  deadline: { id: 'admin.ksef.deadline', defaultMessage: 'wysłać do {date}', description: 'The last day an offline document may be sent on' },
  rejection: { id: 'admin.ksef.rejection', defaultMessage: 'Kod {code}: {reason}', description: 'KSeF\'s rejection code and reason' },
});

/** The states to filter the invoice list by (`none`: not due for KSeF). */
export const KSEF_STATES: Option[] = [
  { value: 'none', label: ksefTexts.none },
  { value: 'waiting', label: ksefTexts.waiting },
  { value: 'offline', label: ksefTexts.offline },
  { value: 'sent', label: ksefTexts.sent },
  { value: 'accepted', label: ksefTexts.accepted },
  { value: 'rejected', label: ksefTexts.rejected },
];

/** The alert of offline documents whose deadline to reach KSeF falls within one working day. */
export const ksefDeadlineTexts = defineMessages({
  title: {
    id: 'admin.ksef.deadlines.title',
    defaultMessage: 'Faktury offline z terminem wysłania do KSeF w ciągu jednego dnia roboczego',
    description: 'Alert heading: offline invoices that must reach KSeF within one working day',
  },
  more: { id: 'admin.ksef.deadlines.more', defaultMessage: 'To nie wszystkie: pozostałe pokaże filtr „Offline”.', description: 'Alert: more documents are due than are listed' },
  what: {
    id: 'admin.ksef.deadlines.what',
    defaultMessage: 'Zostaną wysłane automatycznie, gdy KSeF odpowie. Jeśli KSeF nadal jest niedostępny lub faktura została odrzucona, zajmij się nią przed upływem terminu.',
    description: 'Alert: what happens and what to do',
  },
});

export const ksefDeadlineValues = defineMessages<{ due: { date: string }; overdue: { date: string } }>({
  due: { id: 'admin.ksef.deadlines.due', defaultMessage: 'termin {date}', description: 'The last day an offline document (named before it) may be sent on' },
  overdue: { id: 'admin.ksef.deadlines.overdue', defaultMessage: 'termin minął {date}', description: 'The deadline of an offline document (named before it) has passed' },
});
