import { defineMessages } from 'react-intl';

/** The driver's page's texts. */
export const driverTexts = defineMessages({
  title: { id: 'driver.title', defaultMessage: 'Kontrola biletów', description: 'Title of the driver\'s page' },
  brand: { id: 'driver.brand', defaultMessage: 'Nisko Bus · kierowca', description: 'Header of the driver\'s page' },
  logout: { id: 'driver.logout', defaultMessage: 'Wyloguj', description: 'Button: log out' },
  online: { id: 'driver.online', defaultMessage: 'Połączono z serwerem.', description: 'Status: online' },
  offline: { id: 'driver.offline', defaultMessage: 'Brak sieci: bilety sprawdzam na telefonie, odprawy wyślę później.', description: 'Status: offline' },
  chooseCourse: { id: 'driver.chooseCourse', defaultMessage: 'Wybierz kurs', description: 'Heading: choose the course' },
  day: { id: 'driver.day', defaultMessage: 'Dzień', description: 'Field: the day' },
  noCourses: { id: 'driver.noCourses', defaultMessage: 'Tego dnia nie ma kursów.', description: 'No courses that day' },
  coursesFailed: { id: 'driver.coursesFailed', defaultMessage: 'Nie udało się wczytać kursów. Sprawdź połączenie.', description: 'Courses failed to load' },
  loading: { id: 'driver.loading', defaultMessage: 'Wczytywanie…', description: 'Loading' },
  loadList: { id: 'driver.loadList', defaultMessage: 'Wczytaj listę pasażerów', description: 'Button: load the chosen course\'s list' },
  listFailed: { id: 'driver.listFailed', defaultMessage: 'Nie udało się wczytać listy pasażerów. Sprawdź połączenie.', description: 'Manifest failed to load' },
  otherCourse: { id: 'driver.otherCourse', defaultMessage: 'Zmień kurs', description: 'Button: leave this course for another' },
  refresh: { id: 'driver.refresh', defaultMessage: 'Odśwież listę', description: 'Button: load the list again' },
  check: { id: 'driver.check', defaultMessage: 'Sprawdź bilet', description: 'Heading: check a ticket' },
  number: { id: 'driver.number', defaultMessage: 'Numer biletu', description: 'Field: ticket number' },
  checkNumber: { id: 'driver.checkNumber', defaultMessage: 'Sprawdź numer', description: 'Button: check the typed number' },
  code: { id: 'driver.code', defaultMessage: 'Kod z biletu: wydrukowany pod kodem QR, zeskanowany lub wklejony', description: 'Field: the code printed under the QR code, or the scanned or pasted QR code' },
  checkCode: { id: 'driver.checkCode', defaultMessage: 'Sprawdź kod', description: 'Button: check the code' },
  scan: { id: 'driver.scan', defaultMessage: 'Skanuj kod aparatem', description: 'Button: scan with the camera' },
  stopScan: { id: 'driver.stopScan', defaultMessage: 'Zamknij aparat', description: 'Button: close the camera' },
  scanning: { id: 'driver.scanning', defaultMessage: 'Skieruj aparat na kod QR biletu.', description: 'While scanning' },
  noCamera: { id: 'driver.noCamera', defaultMessage: 'Aparat jest niedostępny. Wpisz numer biletu.', description: 'The camera cannot be used' },
  boards: { id: 'driver.boards', defaultMessage: 'Wsiada', description: 'Result: the passenger boards' },
  refused: { id: 'driver.refused', defaultMessage: 'Nie wsiada', description: 'Result: the passenger does not board' },
  passengers: { id: 'driver.passengers', defaultMessage: 'Pasażerowie według przystanków', description: 'Heading: the passenger list' },
  sent: { id: 'driver.sent', defaultMessage: 'Odprawy wysłane do serwera', description: 'Heading: check-ins the server answered' },
  statusValid: { id: 'driver.statusValid', defaultMessage: 'ważny', description: 'Ticket state' },
  statusUsed: { id: 'driver.statusUsed', defaultMessage: 'wsiadł', description: 'Ticket state: boarded' },
  statusReturned: { id: 'driver.statusReturned', defaultMessage: 'zwrócony', description: 'Ticket state' },
  statusCancelled: { id: 'driver.statusCancelled', defaultMessage: 'anulowany', description: 'Ticket state: its order was cancelled' },
  reasonUnreadable: { id: 'driver.reason.unreadable', defaultMessage: 'To nie jest kod biletu.', description: 'Refusal' },
  reasonForged: { id: 'driver.reason.forged', defaultMessage: 'Kod jest podrobiony lub zmieniony: podpis się nie zgadza.', description: 'Refusal' },
  reasonOtherCourse: { id: 'driver.reason.otherCourse', defaultMessage: 'Bilet jest na inny kurs.', description: 'Refusal' },
  reasonTooEarly: { id: 'driver.reason.tooEarly', defaultMessage: 'Bilet jest na późniejszy kurs.', description: 'Refusal' },
  reasonExpired: { id: 'driver.reason.expired', defaultMessage: 'Kurs tego biletu już się skończył.', description: 'Refusal' },
  reasonUnknown: { id: 'driver.reason.unknown', defaultMessage: 'Nie ma takiego biletu na tym kursie.', description: 'Refusal' },
  reasonReturned: { id: 'driver.reason.returned', defaultMessage: 'Bilet został zwrócony.', description: 'Refusal' },
  reasonCancelled: { id: 'driver.reason.cancelled', defaultMessage: 'Zamówienie biletu zostało anulowane.', description: 'Refusal' },
  reasonUsed: { id: 'driver.reason.used', defaultMessage: 'Z tym biletem już ktoś wsiadł.', description: 'Refusal' },
});

export const driverValues = defineMessages<{
  course: { day: string; time: string; route: string };
  courseOption: { time: string; route: string; passengers: number; boarded: number };
  queued: { count: number };
  connection: { state: string; queued: string };
  stop: { time: string; stop: string };
  passenger: { number: string; passenger: string; to: string };
  passengerDiscount: { number: string; passenger: string; to: string; discount: string };
  boardingCount: { count: number };
  leavingList: { tickets: string };
  verdict: { verdict: string; number: string };
  whoDiscount: { passenger: string; from: string; to: string; discount: string };
  leaves: { number: string; from: string };
  who: { passenger: string; from: string; to: string };
  refusedBy: { number: string; message: string };
}>({
  course: { id: 'driver.course', defaultMessage: '{day} · {time} · {route}', description: 'The chosen course' },
  courseOption: {
    id: 'driver.courseOption',
    defaultMessage: '{time} · {route} · {passengers, plural, one {# pasażer} few {# pasażerów} other {# pasażerów}}, wsiadło {boarded}',
    description: 'A course of the day to choose',
  },
  queued: {
    id: 'driver.queued',
    defaultMessage: '{count, plural, =0 {Wszystkie odprawy są na serwerze.} one {# odprawa czeka na wysłanie.} few {# odprawy czekają na wysłanie.} other {# odpraw czeka na wysłanie.}}',
    description: 'How many check-ins wait for the network',
  },
  connection: { id: 'driver.connection', defaultMessage: '{state} {queued}', description: 'The network state and the check-ins waiting' },
  stop: { id: 'driver.stop', defaultMessage: '{time} {stop}', description: 'A stop with its time' },
  passenger: { id: 'driver.passenger', defaultMessage: '{number} · {passenger} → {to}', description: 'A passenger boarding at a stop' },
  passengerDiscount: { id: 'driver.passengerDiscount', defaultMessage: '{number} · {passenger} → {to} · {discount}', description: 'A passenger boarding at a stop, with a discount' },
  boardingCount: {
    id: 'driver.boardingCount',
    defaultMessage: 'Wsiadają: {count, plural, =0 {nikt} one {# osoba} few {# osoby} other {# osób}}',
    description: 'How many board at a stop',
  },
  leavingList: { id: 'driver.leavingList', defaultMessage: 'Wysiadają: {tickets}', description: 'Who leaves at a stop' },
  verdict: { id: 'driver.verdict', defaultMessage: '{verdict}: {number}', description: 'The verdict with the ticket number' },
  whoDiscount: { id: 'driver.whoDiscount', defaultMessage: '{passenger}, {from} → {to} · ulga: {discount}', description: 'The checked ticket\'s passenger, stretch and discount' },
  leaves: { id: 'driver.leaves', defaultMessage: '{number} (z: {from})', description: 'A passenger leaving at a stop' },
  who: { id: 'driver.who', defaultMessage: '{passenger}, {from} → {to}', description: 'The checked ticket\'s passenger and stretch' },
  refusedBy: { id: 'driver.refusedBy', defaultMessage: '{number}: serwer odmówił ({message})', description: 'A check-in the server refused' },
});
