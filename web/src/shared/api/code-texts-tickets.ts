// The sentences the ticket screens (a return, a change of course, a disrupted course's choice), the
// complaint form and the panel say for the server's codes where they word a code their own way. Which code
// takes which, on which screen and field, is the one table of codes, server-code-texts.ts.
import { defineMessages } from 'react-intl';

export const returnTexts = defineMessages({
  selectTicket: {
    id: 'tickets.return.error.selectTicket',
    defaultMessage: 'Podaj numer biletu do zwrotu.',
    description: 'Server "Please select a ticket." / "Please enter the ticket number." on the return form',
  },
  notFound: {
    id: 'tickets.return.error.notFound',
    defaultMessage: 'Nie ma biletu o tym numerze.',
    description: 'Server 404: there is no ticket with this number',
  },
  wrong: {
    id: 'tickets.return.error.wrong',
    defaultMessage: 'Kod nie pasuje do tego biletu.',
    description: 'Server: the code does not match this ticket',
  },
  codeRequired: {
    id: 'tickets.return.error.codeRequired',
    defaultMessage: 'Podaj kod biletu.',
    description: 'Server: the code is required (guests)',
  },
  notOwner: {
    id: 'tickets.return.error.notOwner',
    defaultMessage: 'To nie jest Twój bilet. Aby go zwrócić, podaj jego kod.',
    description: 'Server 403: a logged-in user returning someone else’s ticket without its code',
  },
  alreadyReturned: {
    id: 'tickets.return.error.alreadyReturned',
    defaultMessage: 'Ten bilet został już zwrócony.',
    description: 'Server 409: the ticket was returned before',
  },
  notPaid: {
    id: 'tickets.return.error.notPaid',
    defaultMessage: 'Zwrócić można tylko bilety z opłaconego zamówienia.',
    description: 'Server 409: the order is not paid',
  },
  tooLateBare: {
    id: 'tickets.return.error.tooLateBare',
    defaultMessage: 'Na zwrot tego biletu jest już za późno.',
    description: 'Server: too late to return, when the answer carries no minutes (params.minutes)',
  },
});

export const returnValueTexts = defineMessages<{ tooLate: { minutes: number } }>({
  tooLate: {
    id: 'tickets.return.error.tooLate',
    defaultMessage: 'Bilet można zwrócić najpóźniej {minutes, plural, one {# minutę} few {# minuty} many {# minut} other {# minuty}} przed odjazdem.',
    description: 'Server: too late to return',
  },
});

export const changeTexts = defineMessages({
  courseCancelled: {
    id: 'tickets.change.error.courseCancelled',
    defaultMessage: 'Ten kurs został odwołany. Wybierz inny kurs.',
    description: 'Server: "The course was cancelled: it sells nothing." (issue 28)',
  },
  numberRequired: {
    id: 'tickets.change.error.numberRequired',
    defaultMessage: 'Podaj numer biletu.',
    description: 'Server: "Please enter the ticket number." (change of course)',
  },
  courseRequired: {
    id: 'tickets.change.error.courseRequired',
    defaultMessage: 'Wybierz nowy kurs.',
    description: 'Server: "Please choose a course." (change of course)',
  },
  notFound: {
    id: 'tickets.change.error.notFound',
    defaultMessage: 'Nie ma biletu o tym numerze.',
    description: 'Server 404: "There is no ticket with this number." (change of course)',
  },
  alreadyChanged: {
    id: 'tickets.change.error.alreadyChanged',
    defaultMessage: 'Kurs tego biletu został już zmieniony. Można go zmienić tylko raz.',
    description: 'Server 409: "The course of this ticket was changed already; it can be changed once."',
  },
  returned: {
    id: 'tickets.change.error.returned',
    defaultMessage: 'Ten bilet został zwrócony, więc nie można zmienić jego kursu.',
    description: 'Server 409: "This ticket was returned." (change of course)',
  },
  notPaid: {
    id: 'tickets.change.error.notPaid',
    defaultMessage: 'Kurs można zmienić tylko w bilecie z opłaconego zamówienia.',
    description: 'Server 409: "Only tickets of a paid order can be changed."',
  },
  sameCourse: {
    id: 'tickets.change.error.sameCourse',
    defaultMessage: 'Bilet jest już na ten kurs. Wybierz inny.',
    description: 'Server 422: "The ticket is for this course already."',
  },
  otherRoute: {
    id: 'tickets.change.error.otherRoute',
    defaultMessage: 'Wybierz kurs tej samej linii, między tymi samymi przystankami.',
    description: 'Server 422: "Choose a course of the same route between the same stops."',
  },
  notOwner: {
    id: 'tickets.change.error.notOwner',
    defaultMessage: 'To nie jest Twój bilet.',
    description: 'Server 403 on a change of course: the ticket is someone else’s',
  },
  pending: {
    id: 'tickets.change.error.pending',
    defaultMessage: 'Zmiana kursu tego biletu czeka już na dopłatę.',
    description: 'Server 409: a change of this ticket waits for its payment',
  },
  used: {
    id: 'tickets.change.error.used',
    defaultMessage: 'Z tym biletem pasażer już wsiadł: nie można zmienić kursu.',
    description: 'Server 409: the ticket was used on board',
  },
  tooLateBare: {
    id: 'tickets.change.error.tooLateBare',
    defaultMessage: 'Na zmianę kursu tego biletu jest już za późno.',
    description: 'Server 422 change.too_late when the answer carries no minutes (params.minutes)',
  },
});

export const changeValueTexts = defineMessages<{ tooLate: { minutes: number } }>({
  tooLate: {
    id: 'tickets.change.error.tooLate',
    defaultMessage: 'Kurs można zmienić najpóźniej {minutes, plural, one {# minutę} few {# minuty} many {# minut} other {# minuty}} przed odjazdem.',
    description: 'Server 422: "A course can be changed until N minutes before departure."',
  },
});

export const choiceTexts = defineMessages({
  invalidTitle: { id: 'disruption.invalidTitle', defaultMessage: 'Ten link jest nieważny', description: 'Heading: a bad or unknown link' },
  errorAlreadyChosen: { id: 'disruption.error.alreadyChosen', defaultMessage: 'Wybór został już dokonany.', description: 'Refusal: the choice was already made' },
  errorClosed: { id: 'disruption.error.closed', defaultMessage: 'Czas na wybór minął.', description: 'Refusal: the choice is closed' },
  errorSeats: {
    id: 'disruption.error.seats',
    defaultMessage: 'Na tym kursie zabrakło właśnie miejsc. Wybierz inny kurs.',
    description: 'Refusal: the chosen course filled up meanwhile',
  },
  errorNoChoice: {
    id: 'disruption.error.noChoice',
    defaultMessage: 'Przy tak krótkim opóźnieniu nie ma wyboru: bilety pozostają ważne.',
    description: 'Refusal: a delay this short offers no choice',
  },
});

export const complaintTexts = defineMessages({
  unknownOrder: {
    id: 'complaints.error.unknownOrder',
    defaultMessage: 'Nie znaleźliśmy zamówienia ani biletu o tym numerze z tym adresem e-mail.',
    description: 'Server: no order or ticket with this number and e-mail',
  },
  tooLate: {
    id: 'complaints.error.tooLate',
    defaultMessage: 'Reklamację można złożyć w ciągu 3 miesięcy od podróży.',
    description: 'Server: the journey was more than 3 months ago',
  },
  emptyText: { id: 'complaints.error.emptyText', defaultMessage: 'Opisz, co się stało.', description: 'Server: no text' },
  textTooLong: {
    id: 'complaints.error.textTooLong',
    defaultMessage: 'Opis może mieć najwyżej 5000 znaków.',
    description: 'Server: the text is too long',
  },
  tooManyFiles: {
    id: 'complaints.error.tooManyFiles',
    defaultMessage: 'Możesz dołączyć najwyżej 3 pliki.',
    description: 'Server: more than 3 attachments',
  },
  fileTooLarge: {
    id: 'complaints.error.fileTooLarge',
    defaultMessage: 'Plik może mieć najwyżej 5 MB.',
    description: 'Server: an attachment is over 5 MB',
  },
  fileEmpty: { id: 'complaints.error.fileEmpty', defaultMessage: 'Dołączony plik jest pusty.', description: 'Server: an empty attachment' },
  fileNotAllowed: {
    id: 'complaints.error.fileNotAllowed',
    defaultMessage: 'Dołączyć można tylko zdjęcia (JPEG, PNG, GIF, WebP) i pliki PDF.',
    description: 'Server: an attachment is not a picture or PDF (by its content)',
  },
  badFile: { id: 'complaints.error.badFile', defaultMessage: 'Nie udało się odczytać pliku.', description: 'Server: the file is not base64' },
});

export const panelTexts = defineMessages({
  emptyAnswer: { id: 'admin.complaint.emptyAnswer', defaultMessage: 'Wpisz odpowiedź.', description: 'Refusal of a complaint\'s answer without text (complaint.empty_text in the panel)' },
  departurePast: {
    id: 'admin.server.departurePast',
    defaultMessage: 'Odjazd musi być w przyszłości. Wybierz późniejszą datę lub godzinę.',
    description: 'Server code course.departure_past, under the departure field of a new course',
  },
  nulCharacter: {
    id: 'admin.server.nulCharacter',
    defaultMessage: 'Jedno z pól zawiera niewidoczny znak (NUL), zwykle wklejony z innego programu. Usuń go i zapisz ponownie.',
    description: 'Server code request.nul_character (400): a text sent holds a NUL character',
  },
  conflict: {
    id: 'admin.server.conflictGeneral',
    defaultMessage: 'Nie zapisano: w międzyczasie stan tych danych się zmienił (ktoś inny je zmienił albo miejsca zostały sprzedane). Odśwież stronę i sprawdź je.',
    description: 'Server code conflict (409) with nothing more specific, in the admin panel',
  },
  changedMeanwhile: {
    id: 'admin.server.changedMeanwhile',
    defaultMessage: 'Nie zapisano: ktoś inny zmienił te dane w międzyczasie. Odśwież stronę, sprawdź jego zmiany i wprowadź swoje ponownie.',
    description: 'Server code conflict.changed_meanwhile (409) in the admin panel: say what happened, not just "try again"',
  },
  privacyRequestDone: {
    id: 'admin.privacy.requestDone',
    defaultMessage: 'Ten wniosek jest już załatwiony (ktoś zrobił to w międzyczasie). Lista została odświeżona.',
    description: 'Server code privacy.request_done (409) in the admin panel: the request about personal data was done meanwhile (the page reads its list again)',
  },
  privacyNotErasure: {
    id: 'admin.privacy.notErasure',
    defaultMessage: 'Ten wniosek dotyczy kopii danych, nie ich usunięcia: pobierz dane i zamknij wniosek.',
    description: 'Server code privacy.not_erasure (409) in the admin panel: an erasure asked of a request for a copy of the data',
  },
  privacyRequestNotFound: {
    id: 'admin.privacy.requestNotFound',
    defaultMessage: 'Nie ma takiego wniosku. Lista została odświeżona.',
    description: 'Server code privacy.request_not_found (404) in the admin panel (the page reads its list again)',
  },
});

/** The panel's sentences that carry the answer's numbers. */
export const panelValueTexts = defineMessages<{ priceRange: { min: number; max: number } }>({
  priceRange: {
    id: 'admin.route.priceRange',
    defaultMessage: 'Podaj cenę od {min, number, ::.00} do {max, number, ::.00} zł.',
    description: 'A price the server refused as out of range (field.out_of_range on a price in the panel); {min} and {max} in złoty (0,01 and 100 000,00), from the answer’s params (grosze)',
  },
});
