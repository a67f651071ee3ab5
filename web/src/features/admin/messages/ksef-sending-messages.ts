import { defineMessages } from 'react-intl';

/** Where the sending to KSeF stands, under the invoice list: the session, the calls left, the oldest document. */
export const ksefSendingTexts = defineMessages({
  heading: { id: 'admin.ksef.sending.heading', defaultMessage: 'Wysyłka do KSeF', description: 'Heading: where the sending of invoices to KSeF stands' },
  noRound: {
    id: 'admin.ksef.sending.noRound',
    defaultMessage: 'Wysyłka nie wykonała jeszcze żadnej rundy.',
    description: 'The KSeF sender has not run yet since the database was created',
  },
  noSession: { id: 'admin.ksef.sending.noSession', defaultMessage: 'Brak otwartej sesji interaktywnej.', description: 'No interactive KSeF session is open' },
  allInKsef: { id: 'admin.ksef.sending.allInKsef', defaultMessage: 'Wszystkie dokumenty są w KSeF.', description: 'KSeF holds every document issued' },
  callsLeft: { id: 'admin.ksef.sending.callsLeft', defaultMessage: 'Pozostałe wywołania w limitach KSeF', description: 'Caption of the table of calls left within KSeF limits' },
  operation: { id: 'admin.ksef.sending.operation', defaultMessage: 'Operacja', description: 'Column: the KSeF operation (its API name)' },
  second: { id: 'admin.ksef.sending.second', defaultMessage: 'Sekunda', description: 'Column: calls left in the current second' },
  minute: { id: 'admin.ksef.sending.minute', defaultMessage: 'Minuta', description: 'Column: calls left in the current minute' },
  hour: { id: 'admin.ksef.sending.hour', defaultMessage: 'Godzina', description: 'Column: calls left in the current hour' },
  noWindow: { id: 'admin.ksef.sending.noWindow', defaultMessage: '—', description: 'Cell: KSeF sets no limit for the operation in this window' },
  made: { id: 'admin.ksef.sending.made', defaultMessage: 'Wykonane', description: 'Column: calls made since the sender started' },
  noCertificateWhat: {
    id: 'admin.ksef.sending.noCertificateWhat',
    defaultMessage:
      'Wytyczne wymagają na fakturze offline KODU II, podpisanego certyfikatem offline (KSEF_OFFLINE_CERT, KSEF_OFFLINE_KEY). Zamiast tego faktura wystawiona, gdy KSeF nie odpowiada, jest oznaczana jako offline i wysyłana nabywcy e-mailem z samym KODEM I (z napisem OFFLINE), a do KSeF trafia, gdy ten znów odpowie.',
    description: 'What happens to invoices issued while KSeF does not answer, without the offline certificate',
  },
});

export const ksefSendingValues = defineMessages<{
  notedAt: { at: string };
  session: { reference: string; opened: string };
  oldest: { number: string; state: string; issued: string };
  left: { left: number; budget: number };
  blocked: { operation: string; until: string };
}>({
  notedAt: { id: 'admin.ksef.sending.notedAt', defaultMessage: 'Stan po ostatniej rundzie wysyłki ({at}).', description: 'When the sender noted its state' },
  session: {
    id: 'admin.ksef.sending.session',
    defaultMessage: 'Sesja interaktywna w użyciu: {reference}, otwarta {opened}.',
    description: 'The interactive KSeF session in use, and when it was opened',
  },
  oldest: {
    id: 'admin.ksef.sending.oldest',
    defaultMessage: 'Najstarszy dokument poza KSeF: {number} ({state}), wystawiony {issued}.',
    description: 'The oldest document KSeF does not hold yet: its number, state and issue time',
  },
  left: { id: 'admin.ksef.sending.left', defaultMessage: '{left} z {budget}', description: 'Calls left of the budget in a window' },
  blocked: { id: 'admin.ksef.sending.blocked', defaultMessage: '{operation} (wstrzymane do {until})', description: 'An operation held after a 429 from KSeF, until a time' },
});
