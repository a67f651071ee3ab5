import { defineMessages } from 'react-intl';

/** The texts of the customer's personal data (RODO) on the account page and its pages. */
export const privacyMessages = defineMessages({
  heading: { id: 'auth.privacy.heading', defaultMessage: 'Twoje dane osobowe', description: 'Heading of the personal-data section of the account page' },
  lead: {
    id: 'auth.privacy.lead',
    defaultMessage: 'Możesz pobrać wszystko, co o Tobie przechowujemy: konto, zamówienia z biletami, reklamacje i wysłane wiadomości.',
    description: 'What the personal-data section offers',
  },
  download: { id: 'auth.privacy.download', defaultMessage: 'Pobierz moje dane (JSON)', description: 'Button: download all my data as a JSON file' },
  view: { id: 'auth.privacy.view', defaultMessage: 'Zobacz moje dane', description: 'Link to the readable page of all my data' },
  deleteHeading: { id: 'auth.privacy.deleteHeading', defaultMessage: 'Usuń konto', description: 'Heading of the account deletion form' },
  deleteWhat: {
    id: 'auth.privacy.deleteWhat',
    defaultMessage:
      'Usuniemy od razu Twoje konto (logowanie przestanie działać) oraz imię, nazwisko, e-mail, telefon i nazwiska pasażerów z Twoich zamówień. Zamówienia zostają w księgach przewoźnika bez Twoich danych.',
    description: 'What goes when the account is deleted',
  },
  deleteKept: {
    id: 'auth.privacy.deleteKept',
    defaultMessage:
      'Zostaje na razie: dane do faktur (przez 5 lat od końca roku podatkowego, jak wymaga ustawa o VAT) i dane z zamówień na podróże, które jeszcze się nie odbyły (do końca podróży). Usuniemy je sami, gdy minie ten czas.',
    description: 'What stays for now when the account is deleted, and why',
  },
  password: { id: 'auth.privacy.password', defaultMessage: 'Hasło', description: 'Label of the password field of the account deletion form' },
  understand: {
    id: 'auth.privacy.understand',
    defaultMessage: 'Rozumiem, że konta nie da się przywrócić.',
    description: 'Checkbox confirming the account deletion cannot be undone',
  },
  deleteSubmit: { id: 'auth.privacy.deleteSubmit', defaultMessage: 'Usuń konto na zawsze', description: 'Submit button of the account deletion form' },
  deleted: { id: 'auth.privacy.deleted', defaultMessage: 'Twoje konto zostało usunięte.', description: 'Heading after the account was deleted' },
  deletedNothingKept: {
    id: 'auth.privacy.deletedNothingKept',
    defaultMessage: 'Nie przechowujemy już żadnych Twoich danych osobowych.',
    description: 'After the account was deleted: nothing is kept',
  },
  deletedKept: {
    id: 'auth.privacy.deletedKept',
    defaultMessage: 'Do czasu podanego niżej przechowujemy jeszcze:',
    description: 'After the account was deleted: the list of what is kept follows',
  },
  keptCustomer: { id: 'auth.privacy.keptCustomer', defaultMessage: 'dane zamawiającego', description: 'Kept after deletion: the customer data of an order' },
  keptBuyer: { id: 'auth.privacy.keptBuyer', defaultMessage: 'dane do faktury', description: 'Kept after deletion: the invoice buyer data of an order' },
  whyInvoice: { id: 'auth.privacy.whyInvoice', defaultMessage: 'faktura', description: 'Why kept: an invoice names them' },
  whyJourney: { id: 'auth.privacy.whyJourney', defaultMessage: 'podróż jeszcze się nie odbyła', description: 'Why kept: the journey is still ahead' },
  keptComplaint: { id: 'auth.privacy.keptComplaint', defaultMessage: 'reklamacja (adres e-mail, treść i załączniki)', description: 'Kept after deletion: an open complaint' },
  whyComplaint: { id: 'auth.privacy.whyComplaint', defaultMessage: 'reklamacja czeka na odpowiedź', description: 'Why kept: the complaint is not answered yet' },
  whyPayment: { id: 'auth.privacy.whyPayment', defaultMessage: 'zamówienie czeka na płatność', description: 'Why kept: the order awaits its payment' },
  emailLabel: { id: 'auth.privacy.emailLabel', defaultMessage: 'E-mail', description: 'Label on the my-data page' },
  nameLabel: { id: 'auth.privacy.nameLabel', defaultMessage: 'Imię i nazwisko', description: 'Label on the my-data page' },
  phoneLabel: { id: 'auth.privacy.phoneLabel', defaultMessage: 'Telefon', description: 'Label on the my-data page' },
  pageTitle: { id: 'page.myData.title', defaultMessage: 'Moje dane', description: 'Title of the page with all my data' },
  account: { id: 'auth.privacy.account', defaultMessage: 'Konto', description: 'Section heading: the account' },
  orders: { id: 'auth.privacy.orders', defaultMessage: 'Zamówienia', description: 'Section heading: the orders' },
  complaints: { id: 'auth.privacy.complaints', defaultMessage: 'Reklamacje', description: 'Section heading: the complaints' },
  messages: { id: 'auth.privacy.messages', defaultMessage: 'Wysłane wiadomości', description: 'Section heading: the messages sent' },
  none: { id: 'auth.privacy.none', defaultMessage: 'Brak.', description: 'A section of the my-data page with nothing in it' },
  print: { id: 'auth.privacy.print', defaultMessage: 'Drukuj', description: 'Button: print the my-data page' },
  consents: { id: 'auth.privacy.consents', defaultMessage: 'Zgody wyrażone przy zamówieniu:', description: 'On the my-data page: the consents given with an order follow' },
  consentTerms: { id: 'auth.privacy.consentTerms', defaultMessage: 'Akceptacja regulaminu', description: 'A consent given with an order: the terms and conditions accepted' },
  consentPersonalData: {
    id: 'auth.privacy.consentPersonalData',
    defaultMessage: 'Zgoda na przetwarzanie danych osobowych',
    description: 'A consent given with an order: to the processing of the personal data',
  },
  kindTickets: { id: 'auth.privacy.kindTickets', defaultMessage: 'bilety', description: 'A message sent (my-data page): the tickets' },
  kindTicketsEmail: { id: 'auth.privacy.kindTicketsEmail', defaultMessage: 'bilety e-mailem', description: 'A message sent (my-data page): the tickets by e-mail' },
  kindTicketsSms: { id: 'auth.privacy.kindTicketsSms', defaultMessage: 'bilety SMS-em', description: 'A message sent (my-data page): the tickets by text message' },
  kindTicketsEmailAgain: {
    id: 'auth.privacy.kindTicketsEmailAgain',
    defaultMessage: 'bilety ponownie e-mailem',
    description: 'A message sent (my-data page): the tickets sent again by e-mail, on request',
  },
  kindTicketsSmsAgain: {
    id: 'auth.privacy.kindTicketsSmsAgain',
    defaultMessage: 'bilety ponownie SMS-em',
    description: 'A message sent (my-data page): the tickets sent again by text message, on request',
  },
  kindPaymentLink: { id: 'auth.privacy.kindPaymentLink', defaultMessage: 'link do płatności', description: 'A message sent (my-data page): the link to pay the order' },
  kindTicketMoved: { id: 'auth.privacy.kindTicketMoved', defaultMessage: 'zmiana kursu biletu', description: 'A message sent (my-data page): a ticket was moved to another departure' },
  kindTicketReturned: { id: 'auth.privacy.kindTicketReturned', defaultMessage: 'zwrot biletu', description: 'A message sent (my-data page): a ticket was returned' },
  kindDisruption: {
    id: 'auth.privacy.kindDisruption',
    defaultMessage: 'powiadomienie o odwołaniu lub opóźnieniu kursu',
    description: 'A message sent (my-data page): the notice of a cancelled or delayed departure',
  },
  kindComplaint: { id: 'auth.privacy.kindComplaint', defaultMessage: 'wiadomość w sprawie reklamacji', description: 'A message sent (my-data page): about a complaint' },
});

/** The privacy texts with values. */
export const privacyValues = defineMessages<{
  keptItem: { number: string; data: string; until: string; why: string };
  generated: { when: string };
  orderHeading: { number: string; date: string; status: string };
  orderCustomer: { name: string; email: string; phone: string };
  orderTrip: { route: string; from: string; to: string; when: string; total: string };
  ticketLine: { number: string; from: string; to: string; when: string; status: string };
  ticketLinePassenger: { number: string; from: string; to: string; when: string; status: string; passenger: string };
  complaintHeading: { number: string; order: string; date: string; state: string };
  messageLine: { when: string; order: string; kind: string };
  consentLine: { consent: string; when: string };
  kindInvoiceMail: { number: string };
  kindInvoiceCopy: { number: string };
}>({
  keptItem: { id: 'auth.privacy.keptItem', defaultMessage: 'zamówienie {number}: {data} do {until} ({why})', description: 'One kept item after the account was deleted' },
  generated: { id: 'auth.privacy.generated', defaultMessage: 'Stan na {when}', description: 'When the data on the my-data page were read' },
  orderHeading: { id: 'auth.privacy.orderHeading', defaultMessage: '{number}, złożone {date} · {status}', description: 'An order on the my-data page: number, when placed, status' },
  orderCustomer: { id: 'auth.privacy.orderCustomer', defaultMessage: '{name}, {email}, {phone}', description: 'An order on the my-data page: who ordered' },
  orderTrip: { id: 'auth.privacy.orderTrip', defaultMessage: '{route}: {from} → {to}, {when}, {total}', description: 'An order on the my-data page: the trip and the total' },
  ticketLine: { id: 'auth.privacy.ticketLine', defaultMessage: '{number}: {from} → {to}, {when} · {status}', description: 'A ticket on the my-data page (the buyer travels on it): number, stretch, departure, status' },
  ticketLinePassenger: {
    id: 'auth.privacy.ticketLinePassenger',
    defaultMessage: '{number}: {from} → {to}, {when} · pasażer: {passenger} · {status}',
    description: 'A ticket on the my-data page with the passenger named on the order',
  },
  complaintHeading: { id: 'auth.privacy.complaintHeading', defaultMessage: '{number} (zamówienie {order}), {date}, {state}', description: 'A complaint on the my-data page' },
  messageLine: { id: 'auth.privacy.messageLine', defaultMessage: '{when}: {order}, {kind}', description: 'A message sent, on the my-data page' },
  consentLine: { id: 'auth.privacy.consentLine', defaultMessage: '{consent} – {when}', description: 'A consent given with an order, and when (my-data page)' },
  kindInvoiceMail: {
    id: 'auth.privacy.kindInvoiceMail',
    defaultMessage: 'dokument {number} (faktura lub korekta) e-mailem',
    description: 'A message sent (my-data page): an invoice or its correction, by its number, e-mailed to the customer',
  },
  kindInvoiceCopy: {
    id: 'auth.privacy.kindInvoiceCopy',
    defaultMessage: 'kopia dokumentu {number} dla biura faktur',
    description: "A message sent (my-data page): a copy of an invoice or correction to the carrier's invoice office",
  },
});
