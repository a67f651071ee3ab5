import { defineMessages } from 'react-intl';

/** The panel's page of personal data (issue 38): the requests under RODO and the register of erasures. */
export const privacyTexts = defineMessages({
  lead: {
    id: 'admin.privacy.lead',
    defaultMessage: 'Wnioski o kopię danych osobowych i o ich usunięcie (RODO art. 15, 17 i 20). Odpowiedź należy się w ciągu miesiąca od otrzymania wniosku.',
    description: 'Lead of the personal data page: what the requests are and the month to answer them',
  },
  openHeading: { id: 'admin.privacy.openHeading', defaultMessage: 'Otwarte wnioski', description: 'Heading: the requests not answered yet' },
  noOpen: { id: 'admin.privacy.noOpen', defaultMessage: 'Nie ma otwartych wniosków.', description: 'No request is waiting for an answer' },
  doneHeading: { id: 'admin.privacy.doneHeading', defaultMessage: 'Załatwione wnioski', description: 'Heading: the requests answered' },
  noDone: { id: 'admin.privacy.noDone', defaultMessage: 'Nie ma jeszcze załatwionych wniosków.', description: 'No request has been answered yet' },
  formHeading: { id: 'admin.privacy.formHeading', defaultMessage: 'Zapisz wniosek', description: 'Heading of the form that records a request received by the office' },
  formLead: {
    id: 'admin.privacy.formLead',
    defaultMessage: 'Wniosek, który przyszedł listem, złożony w biurze albo przysłany e-mailem. Wnioski z konta klienta i z linku dla gości zapisują się same.',
    description: 'What the form records, and which requests are recorded without it',
  },
  kind: { id: 'admin.privacy.kind', defaultMessage: 'Czego dotyczy', description: 'Field and column: what the request asks for (a copy or an erasure)' },
  kindExport: { id: 'admin.privacy.kindExport', defaultMessage: 'Kopia danych', description: 'Request kind: a copy of the personal data (RODO art. 15 and 20)' },
  kindErasure: { id: 'admin.privacy.kindErasure', defaultMessage: 'Usunięcie danych', description: 'Request kind: the erasure of the personal data (RODO art. 17)' },
  channel: { id: 'admin.privacy.channel', defaultMessage: 'Jak wpłynął', description: 'Field and column: how the request came' },
  channelLetter: { id: 'admin.privacy.channelLetter', defaultMessage: 'listem', description: 'Request channel: a letter' },
  channelDesk: { id: 'admin.privacy.channelDesk', defaultMessage: 'w biurze', description: 'Request channel: in person at the office' },
  channelEmail: { id: 'admin.privacy.channelEmail', defaultMessage: 'e-mailem', description: 'Request channel: an e-mail' },
  channelAccount: { id: 'admin.privacy.channelAccount', defaultMessage: 'z konta (klient usunął konto)', description: 'Request channel: the customer deleted their account' },
  channelLink: { id: 'admin.privacy.channelLink', defaultMessage: 'z linku dla gościa', description: 'Request channel: a guest, by the link e-mailed to them' },
  email: { id: 'admin.privacy.email', defaultMessage: 'E-mail osoby', description: 'Field and column: the e-mail address of the person whose data it is' },
  emailHint: { id: 'admin.privacy.emailHint', defaultMessage: 'Adres konta lub zamówień tej osoby.', description: 'Hint of the e-mail field' },
  emailRequired: { id: 'admin.privacy.emailRequired', defaultMessage: 'Podaj adres e-mail osoby.', description: 'Form error: the e-mail field is empty' },
  record: { id: 'admin.privacy.record', defaultMessage: 'Zapisz wniosek', description: 'Button: record the request' },
  recordFailed: { id: 'admin.privacy.recordFailed', defaultMessage: 'Nie zapisano wniosku. Spróbuj ponownie.', description: 'The request could not be recorded (not a field error)' },
  request: { id: 'admin.privacy.request', defaultMessage: 'Wniosek', description: 'Column: what the request asks for, and how it came' },
  number: { id: 'admin.privacy.number', defaultMessage: 'Numer', description: 'Column: the request\'s number' },
  receivedAt: { id: 'admin.privacy.receivedAt', defaultMessage: 'Wpłynął', description: 'Column: when the request was received' },
  respondBy: { id: 'admin.privacy.respondBy', defaultMessage: 'Termin odpowiedzi', description: 'Column: the day the answer is due' },
  actions: { id: 'admin.privacy.actions', defaultMessage: 'Działania', description: 'Column: the buttons of a request' },
  doneAt: { id: 'admin.privacy.doneAt', defaultMessage: 'Załatwiony', description: 'Column: when the request was done' },
  doneBy: { id: 'admin.privacy.doneBy', defaultMessage: 'Kto', description: 'Column: who did the request (the person, or an admin)' },
  orders: { id: 'admin.privacy.orders', defaultMessage: 'Zamówienia', description: 'Column: the orders the request covered' },
  outcome: { id: 'admin.privacy.outcome', defaultMessage: 'Co zrobiono', description: 'Column: what was done (erased, what stays until when)' },
  byPerson: { id: 'admin.privacy.byPerson', defaultMessage: 'sama osoba', description: 'Who did it: the person themselves (deleted the account, used the link)' },
  byAdmin: { id: 'admin.privacy.byAdmin', defaultMessage: 'administrator', description: 'Who did it: an admin whose e-mail is not known' },
  bySchedule: { id: 'admin.privacy.bySchedule', defaultMessage: 'harmonogram przechowywania', description: 'Who erased it: the retention schedule (when the time to keep it ended)' },
  export: { id: 'admin.privacy.export', defaultMessage: 'Pobierz dane (JSON)', description: 'Button: download everything held under the request\'s e-mail as a JSON file' },
  erase: { id: 'admin.privacy.erase', defaultMessage: 'Usuń dane', description: 'Button: erase the data of an erasure request' },
  close: { id: 'admin.privacy.close', defaultMessage: 'Zamknij', description: 'Button: mark a request answered without erasing' },
  closeExportText: {
    id: 'admin.privacy.closeExportText',
    defaultMessage: 'Zrób to, gdy kopia danych została już wysłana tej osobie. Potem danych tego wniosku nie da się pobrać.',
    description: 'Text of the dialog before closing a request for a copy',
  },
  closeErasureText: {
    id: 'admin.privacy.closeErasureText',
    defaultMessage: 'Na przykład gdy pod tym adresem nie ma żadnych danych. Nic nie zostanie usunięte.',
    description: 'Text of the dialog before closing an erasure request without erasing',
  },
  closeConfirm: { id: 'admin.privacy.closeConfirm', defaultMessage: 'Zamknij wniosek', description: 'Dialog button: close the request' },
  erasedNothingKept: { id: 'admin.privacy.erasedNothingKept', defaultMessage: 'Nie zostały żadne dane osobowe tej osoby.', description: 'After an erasure: nothing is kept' },
  erasedKept: { id: 'admin.privacy.erasedKept', defaultMessage: 'Do podanego terminu zostają jeszcze:', description: 'After an erasure: the list of what the law keeps for now follows' },
  hideResult: { id: 'admin.privacy.hideResult', defaultMessage: 'Ukryj', description: 'Button: hide the message of what a step did' },
  keptCustomer: { id: 'admin.privacy.keptCustomer', defaultMessage: 'dane zamawiającego i pasażerów', description: 'Kept after an erasure: the customer data of an order (name, contact, passengers)' },
  keptBuyer: { id: 'admin.privacy.keptBuyer', defaultMessage: 'dane nabywcy na fakturze', description: 'Kept after an erasure: the invoice buyer of an order' },
  keptComplaint: { id: 'admin.privacy.keptComplaint', defaultMessage: 'reklamacja (e-mail, treść i załączniki)', description: 'Kept after an erasure: an open complaint' },
  whyPayment: { id: 'admin.privacy.whyPayment', defaultMessage: 'zamówienie czeka na płatność', description: 'Why kept: the order awaits its payment' },
  whyJourney: { id: 'admin.privacy.whyJourney', defaultMessage: 'podróż jeszcze się nie odbyła', description: 'Why kept: the journey is still ahead' },
  whyInvoice: { id: 'admin.privacy.whyInvoice', defaultMessage: 'faktura (ustawa o VAT: 5 lat od końca roku podatkowego)', description: 'Why kept: an invoice names them' },
  whyComplaint: { id: 'admin.privacy.whyComplaint', defaultMessage: 'reklamacja czeka na odpowiedź', description: 'Why kept: the complaint is not answered yet' },
  registerHeading: { id: 'admin.privacy.registerHeading', defaultMessage: 'Rejestr usunięć', description: 'Heading: the register of erasures' },
  registerLead: {
    id: 'admin.privacy.registerLead',
    defaultMessage: 'Każde usunięcie danych osobowych: kiedy, czego, z którego zamówienia lub reklamacji, kto i dlaczego.',
    description: 'What the register of erasures shows',
  },
  noErasures: { id: 'admin.privacy.noErasures', defaultMessage: 'Nic jeszcze nie usunięto.', description: 'The register of erasures is empty' },
  erasedAt: { id: 'admin.privacy.erasedAt', defaultMessage: 'Kiedy', description: 'Column: when the data were erased' },
  data: { id: 'admin.privacy.data', defaultMessage: 'Co', description: 'Column: which data were erased' },
  subjectNumber: { id: 'admin.privacy.subjectNumber', defaultMessage: 'Zamówienie lub reklamacja', description: 'Column: the number of the order or complaint whose data were erased' },
  erasedBy: { id: 'admin.privacy.erasedBy', defaultMessage: 'Kto', description: 'Column: who erased (the person, an admin, the retention schedule)' },
  reason: { id: 'admin.privacy.reason', defaultMessage: 'Powód', description: 'Column: why the data were erased' },
  dataCustomer: { id: 'admin.privacy.dataCustomer', defaultMessage: 'dane klienta', description: 'Erased: the customer data of an order (name, contact, passengers)' },
  dataBuyer: { id: 'admin.privacy.dataBuyer', defaultMessage: 'nabywca na fakturze', description: 'Erased: the invoice buyer of an order' },
  dataAccount: { id: 'admin.privacy.dataAccount', defaultMessage: 'konto klienta', description: "Erased: a customer's account (its row emptied and locked)" },
  dataComplaint: { id: 'admin.privacy.dataComplaint', defaultMessage: 'reklamacja', description: 'Erased: a complaint (its e-mail, text and files)' },
  stepFailed: { id: 'admin.privacy.stepFailed', defaultMessage: 'Nie udało się. Spróbuj ponownie.', description: 'A step on a request failed for another reason' },
  exportDone: { id: 'admin.privacy.exportDone', defaultMessage: 'Dane pobrane. Wyślij je tej osobie, potem zamknij wniosek.', description: 'After the export: send the file, then close the request' },
});

/** The page's texts with values. */
export const privacyValues = defineMessages<{
  recorded: { number: string; date: string };
  erased: { number: string; count: number };
  closed: { number: string };
  eraseText: { email: string };
  eraseTitle: { number: string };
  closeExportTitle: { number: string };
  closeErasureTitle: { number: string };
  daysLeft: { days: number };
  overdue: { days: number };
  keptItem: { number: string; data: string; until: string; why: string };
}>({
  recorded: { id: 'admin.privacy.recorded', defaultMessage: 'Zapisano wniosek {number}. Termin odpowiedzi: {date}.', description: 'After recording a request: its number and the day the answer is due' },
  erased: {
    id: 'admin.privacy.erased',
    defaultMessage: 'Wniosek {number} załatwiony: {count, plural, =0 {żadne zamówienie nie miało danych do usunięcia} one {usunięto dane z # zamówienia} other {usunięto dane z # zamówień}}.',
    description: 'After an erasure: the request and how many orders had their data erased',
  },
  closed: { id: 'admin.privacy.closed', defaultMessage: 'Wniosek {number} zamknięty.', description: 'After closing a request' },
  eraseText: {
    id: 'admin.privacy.eraseText',
    defaultMessage:
      'Usuniemy wszystkie dane osobowe zapisane pod adresem {email}: konto, dane z zamówień i reklamacji, na tyle, na ile prawo pozwala teraz. Dane potrzebne do faktur, do podróży przed nami i do otwartych reklamacji zostaną do swojego terminu. Tego nie da się cofnąć.',
    description: 'Text of the dialog before erasing: what goes and what stays',
  },
  eraseTitle: { id: 'admin.privacy.eraseTitle', defaultMessage: 'Usunąć dane osoby z wniosku {number}?', description: 'Title of the dialog before erasing (the request\'s number)' },
  closeExportTitle: { id: 'admin.privacy.closeExportTitle', defaultMessage: 'Oznaczyć wniosek {number} jako załatwiony?', description: 'Title of the dialog before closing a request for a copy' },
  closeErasureTitle: { id: 'admin.privacy.closeErasureTitle', defaultMessage: 'Zamknąć wniosek {number} bez usuwania danych?', description: 'Title of the dialog before closing an erasure request without erasing' },
  daysLeft: { id: 'admin.privacy.daysLeftValue', defaultMessage: '{days, plural, =0 {termin dziś} one {# dzień} other {# dni}}', description: 'Days left to answer a request (0: due today)' },
  overdue: { id: 'admin.privacy.overdue', defaultMessage: '{days, plural, one {# dzień po terminie} other {# dni po terminie}}', description: 'A request not answered in time: by how many days' },
  keptItem: { id: 'admin.privacy.keptItem', defaultMessage: 'zamówienie {number}: {data} do {until} ({why})', description: 'One thing kept after an erasure: the order, what, until when and why' },
});

/** The name of the file of one request's data. */
export const privacyFileNames = defineMessages<{ export: { number: string } }>({
  export: { id: 'admin.file.privacyExport', defaultMessage: 'dane-osobowe-{number}', description: 'File name (no extension, ASCII): the personal data of one request (its number)' },
});
