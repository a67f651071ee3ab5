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
    defaultMessage: 'Faktury z terminem wysłania do KSeF w ciągu jednego dnia roboczego',
    description: 'Alert heading: invoices (offline or held back) that must reach KSeF within one working day',
  },
  more: { id: 'admin.ksef.deadlines.more', defaultMessage: 'To nie wszystkie: pozostałe pokaże filtr „Offline”.', description: 'Alert: more documents are due than are listed' },
  what: {
    id: 'admin.ksef.deadlines.what',
    defaultMessage: 'Zostaną wysłane automatycznie, gdy KSeF odpowie. Jeśli KSeF nadal jest niedostępny lub faktura została odrzucona, zajmij się nią przed upływem terminu.',
    description: 'Alert: what happens and what to do',
  },
});

/** Why a document near its deadline is not in KSeF yet (the API's `why`). */
export const ksefStuckTexts = defineMessages({
  rejected: { id: 'admin.ksef.stuck.rejected', defaultMessage: 'odrzucona przez KSeF', description: 'Why not in KSeF: rejected' },
  waiting_for_invoice: { id: 'admin.ksef.stuck.waitingForInvoice', defaultMessage: 'korekta czeka na numer KSeF faktury', description: 'Why not in KSeF: a correction waits for its invoice\'s KSeF number' },
  sender_trouble: { id: 'admin.ksef.stuck.senderTrouble', defaultMessage: 'KSeF nie przyjmuje wysyłki', description: 'Why not in KSeF: the sender cannot use KSeF (refused token, outage…)' },
  offline: { id: 'admin.ksef.stuck.offline', defaultMessage: 'wystawiona offline, KSeF był niedostępny', description: 'Why not in KSeF: issued offline' },
  unconfirmed: { id: 'admin.ksef.stuck.unconfirmed', defaultMessage: 'wysłana, KSeF nie potwierdził', description: 'Why not in KSeF: sent, not confirmed' },
  not_sent: { id: 'admin.ksef.stuck.notSent', defaultMessage: 'nie wysłana: wysyłka do KSeF nie działa', description: 'Why not in KSeF: the sender has not run' },
});

export const ksefDeadlineValues = defineMessages<{
  due: { date: string };
  overdue: { date: string };
  why: { why: string };
  whyDetail: { why: string; detail: string };
}>({
  why: { id: 'admin.ksef.deadlines.why', defaultMessage: '({why})', description: 'Why the document (named before it) is not in KSeF yet' },
  whyDetail: { id: 'admin.ksef.deadlines.whyDetail', defaultMessage: '({why}: {detail})', description: 'Why the document is not in KSeF yet, and the detail (a rejection, the sender\'s error)' },
  due: { id: 'admin.ksef.deadlines.due', defaultMessage: 'termin {date}', description: 'The last day an offline document (named before it) may be sent on' },
  overdue: { id: 'admin.ksef.deadlines.overdue', defaultMessage: 'termin minął {date}', description: 'The deadline of an offline document (named before it) has passed' },
});

/** KSeF's announced outages (unavailability, emergency), the offline certificate and the sender's trouble. */
export const ksefOutageTexts = defineMessages({
  heading: { id: 'admin.ksef.outages.heading', defaultMessage: 'Niedostępność i awarie KSeF', description: 'Heading: the outages of KSeF announced by the Ministry' },
  none: {
    id: 'admin.ksef.outages.none',
    defaultMessage: 'Nie wprowadzono żadnego komunikatu o niedostępności ani awarii KSeF.',
    description: 'No outage of KSeF was entered',
  },
  kind: { id: 'admin.ksef.outages.kind', defaultMessage: 'Rodzaj', description: 'Field and column: the kind of outage' },
  unavailable: { id: 'admin.ksef.outages.unavailable', defaultMessage: 'Niedostępność KSeF', description: 'Outage kind: announced unavailability (due the next working day after its end)' },
  emergency: { id: 'admin.ksef.outages.emergency', defaultMessage: 'Tryb awaryjny', description: 'Outage kind: emergency mode (7 working days from its end)' },
  from: { id: 'admin.ksef.outages.from', defaultMessage: 'Od dnia', description: 'Field and column: the first day of the outage' },
  to: { id: 'admin.ksef.outages.to', defaultMessage: 'Do dnia', description: 'Field and column: the last day of the outage' },
  note: { id: 'admin.ksef.outages.note', defaultMessage: 'Źródło komunikatu', description: 'Field and column: where the outage was announced' },
  enteredBy: { id: 'admin.ksef.outages.enteredBy', defaultMessage: 'Wprowadził', description: 'Column: who entered the announcement, and when' },
  formTitle: { id: 'admin.ksef.outages.formTitle', defaultMessage: 'Nowy komunikat o niedostępności KSeF', description: 'Label of the form that enters an outage' },
  enter: { id: 'admin.ksef.outages.enter', defaultMessage: 'Wprowadź komunikat', description: 'Button: enter the announcement' },
  entered: {
    id: 'admin.ksef.outages.entered',
    defaultMessage: 'Wprowadzono. Terminy wysłania faktur uwzględniają komunikat.',
    description: 'The announcement was entered; the deadlines follow it',
  },
  chooseKind: { id: 'admin.ksef.outages.chooseKind', defaultMessage: 'Wybierz rodzaj komunikatu.', description: 'The announcement kind was not chosen' },
  failed: { id: 'admin.ksef.outages.failed', defaultMessage: 'Nie udało się wprowadzić komunikatu.', description: 'The announcement could not be entered' },
  noCertificate: {
    id: 'admin.ksef.outages.noCertificate',
    defaultMessage: 'Wystawianie faktur offline nie jest możliwe bez certyfikatu offline KSeF.',
    description: 'Warning: no KSeF offline certificate is configured',
  },
});

export const ksefOutageValues = defineMessages<{ trouble: { since: string; message: string }; enteredBy: { who: string; when: string } }>({
  enteredBy: { id: 'admin.ksef.outages.enteredByAt', defaultMessage: '{who} · {when}', description: 'Who entered an announcement, and when' },
  trouble: {
    id: 'admin.ksef.outages.trouble',
    defaultMessage: 'Wysyłka do KSeF nie działa od {since}: {message}',
    description: 'The KSeF sender could not use KSeF since a time, and why',
  },
});
