import { defineMessages } from 'react-intl';

import { choiceTexts } from '@/shared/api/code-texts-tickets';

/** The page a passenger of a cancelled or delayed course opens from the e-mail's link. */
const pageTexts = defineMessages({
  loading: { id: 'disruption.loading', defaultMessage: 'Wczytuję informacje o kursie…', description: 'Status while the offer loads' },
  invalidText: {
    id: 'disruption.invalidText',
    defaultMessage: 'Sprawdź, czy link z wiadomości został skopiowany w całości. Jeśli tak, skontaktuj się z nami: pomożemy wybrać inny kurs lub zwrócimy pieniądze.',
    description: 'What to do about a bad link',
  },
  failedTitle: { id: 'disruption.failedTitle', defaultMessage: 'Nie udało się wczytać informacji', description: 'Heading: the offer could not be read' },
  failedText: { id: 'disruption.failedText', defaultMessage: 'Spróbuj ponownie za chwilę.', description: 'The offer could not be read: try again' },
  retry: { id: 'disruption.retry', defaultMessage: 'Spróbuj ponownie', description: 'Button: load again' },
  home: { id: 'disruption.home', defaultMessage: 'Strona główna', description: 'Link to the home page' },
  cancelledTitle: { id: 'disruption.cancelledTitle', defaultMessage: 'Twój kurs został odwołany', description: 'Heading: the course (the passenger trip) was cancelled' },
  onTimeTitle: {
    id: 'disruption.onTimeTitle',
    defaultMessage: 'Kurs jedzie zgodnie z rozkładem',
    description: 'Heading: the delay announced earlier was withdrawn, the course (the passenger trip) runs on schedule',
  },
  onTimeNote: {
    id: 'disruption.onTimeNote',
    defaultMessage: 'Opóźnienie zostało odwołane: kurs odjedzie o planowej godzinie. Bilety pozostają ważne.',
    description: 'The delay announced earlier was withdrawn',
  },
  partlyNote: {
    id: 'disruption.partlyNote',
    defaultMessage: 'Kurs odwołano od jednego z przystanków na trasie: nie przejedzie całego Twojego odcinka.',
    description: 'The course was cancelled from a stop onward, and the passenger stretch is among those cut',
  },
  reason: { id: 'disruption.reason', defaultMessage: 'Powód', description: 'Field: why the course was cancelled or is late' },
  route: { id: 'disruption.route', defaultMessage: 'Linia', description: 'Field: the line' },
  stretch: { id: 'disruption.stretch', defaultMessage: 'Trasa', description: 'Field: from which stop to which' },
  departure: { id: 'disruption.departure', defaultMessage: 'Planowany odjazd', description: 'Field: the scheduled departure' },
  expected: { id: 'disruption.expected', defaultMessage: 'Przewidywany odjazd', description: 'Field: when the late course is now expected to leave the passenger stop' },
  order: { id: 'disruption.order', defaultMessage: 'Zamówienie', description: 'Field: the order number' },
  tickets: { id: 'disruption.tickets', defaultMessage: 'Bilety', description: 'Field: how many tickets' },
  chooseTitle: { id: 'disruption.chooseTitle', defaultMessage: 'Co dalej? Wybierz jedno', description: 'Heading: the choice' },
  chooseLead: {
    id: 'disruption.chooseLead',
    defaultMessage: 'Wybór dotyczy wszystkich biletów zamówienia na ten kurs i można go zrobić tylko raz.',
    description: 'The choice is for all the order tickets, once',
  },
  noChoiceRefund: {
    id: 'disruption.noChoiceRefund',
    defaultMessage: 'Jeśli do tego czasu nie dokonasz wyboru, zwrócimy w całości pieniądze za bilety.',
    description: 'A cancelled course: what happens without a choice (a full refund when the time to choose ends)',
  },
  noChoiceTravel: {
    id: 'disruption.noChoiceTravel',
    defaultMessage: 'Bez wyboru bilety pozostają ważne na ten kurs.',
    description: 'A long delay: what happens without a choice (the tickets stay valid, no refund)',
  },
  moveTitle: { id: 'disruption.moveTitle', defaultMessage: 'Inny kurs bez dopłaty', description: 'Heading: the option to move to another course' },
  moveLegend: { id: 'disruption.moveLegend', defaultMessage: 'Kursy między tymi samymi przystankami', description: 'Legend of the list of other courses (of any line serving the two stops)' },
  noAlternatives: {
    id: 'disruption.noAlternatives',
    defaultMessage: 'Nie ma teraz innego kursu z wolnymi miejscami. Możesz wybrać pełny zwrot.',
    description: 'No other course to move to',
  },
  otherDay: { id: 'disruption.otherDay', defaultMessage: 'Inny termin', description: 'Field: the day from which to show the other courses (the passenger may travel on a later day)' },
  otherDayHint: {
    id: 'disruption.otherDayHint',
    defaultMessage: 'Pokażemy kursy od wybranego dnia, także innych linii między tymi samymi przystankami.',
    description: 'Hint: the courses from the chosen day on are shown, of any line serving the two stops',
  },
  loadingDay: { id: 'disruption.loadingDay', defaultMessage: 'Wczytuję kursy z wybranego dnia…', description: 'Status while the courses of the chosen day load' },
  noAlternativesDay: {
    id: 'disruption.noAlternativesDay',
    defaultMessage: 'Od tego dnia nie ma kursu z wolnymi miejscami. Wybierz inny termin albo pełny zwrot.',
    description: 'No other course from the chosen day on',
  },
  move: { id: 'disruption.move', defaultMessage: 'Przenieś mnie na wybrany kurs', description: 'Button: move to the chosen course' },
  moveNeedsCourse: { id: 'disruption.moveNeedsCourse', defaultMessage: 'Najpierw wybierz kurs z listy.', description: 'Hint: a course must be chosen before moving' },
  refundTitle: { id: 'disruption.refundTitle', defaultMessage: 'Pełny zwrot pieniędzy', description: 'Heading: the option of a full refund' },
  refund: { id: 'disruption.refund', defaultMessage: 'Chcę zwrotu pieniędzy', description: 'Button: take the refund' },
  includesReturn: {
    id: 'disruption.includesReturn',
    defaultMessage: 'Zwrot obejmuje też bilety powrotne.',
    description: 'The refund also pays back the return-leg tickets (their purpose is gone)',
  },
  confirmTitle: { id: 'disruption.confirmTitle', defaultMessage: 'Potwierdź wybór', description: 'Heading of the confirmation' },
  confirm: { id: 'disruption.confirm', defaultMessage: 'Potwierdzam', description: 'Button: confirm the choice' },
  back: { id: 'disruption.back', defaultMessage: 'Wróć', description: 'Button: back to the choice' },
  resultTitle: { id: 'disruption.resultTitle', defaultMessage: 'Twój wybór', description: 'Heading: the choice made' },
  closed: {
    id: 'disruption.closed',
    defaultMessage: 'Czas na wybór minął. Jeśli nie dokonano wyboru, pieniądze za bilety zwracamy w całości automatycznie.',
    description: 'A cancelled course: the choice is closed',
  },
  closedDelayed: {
    id: 'disruption.closedDelayed',
    defaultMessage: 'Czas na wybór minął. Bilety pozostają ważne na ten kurs.',
    description: 'A late course: the choice is closed (the tickets stay valid, no refund)',
  },
  shortDelay: {
    id: 'disruption.shortDelay',
    defaultMessage: 'Kurs pojedzie z opóźnieniem. Twoje bilety pozostają ważne; nie musisz nic robić.',
    description: 'A short delay: nothing to choose',
  },
  myTickets: { id: 'disruption.myTickets', defaultMessage: 'Twoje bilety', description: 'Link to the user tickets (logged-in customers only)' },
  movedNote: {
    id: 'disruption.movedNote',
    defaultMessage: 'Nowe bilety wysłaliśmy e-mailem. Ich kody QR są ważne na nowy kurs.',
    description: 'After a move: the new tickets were e-mailed',
  },
  rightsTitle: { id: 'disruption.rightsTitle', defaultMessage: 'Twoje prawa', description: 'Heading: the passenger rights of the journey' },
  rightsStatutory: {
    id: 'disruption.rightsStatutory',
    defaultMessage: 'Przysługują Ci prawa z rozporządzenia UE 181/2011.',
    description: 'The whole EU Regulation 181/2011 applies to the journey (a route of 250 km or more)',
  },
  rightsAssistance: {
    id: 'disruption.rightsAssistance',
    defaultMessage: 'Przysługują Ci prawa z rozporządzenia UE 181/2011 oraz pomoc (posiłki, nocleg) przy odwołaniu lub opóźnieniu ponad 90 min.',
    description: 'The whole regulation applies, with assistance (art. 21: a journey over 3 hours)',
  },
  rightsBasic: {
    id: 'disruption.rightsBasic',
    defaultMessage: 'Na tej trasie obowiązują podstawowe prawa z rozporządzenia UE 181/2011 (informacja o podróży, reklamacje).',
    description: 'Only the basic rights of the regulation apply (a route under 250 km, or its length not entered)',
  },
  errorCourse: { id: 'disruption.error.course', defaultMessage: 'Tego kursu nie można wybrać. Wybierz kurs z listy.', description: 'Refusal: the course is not an alternative' },
  errorOther: { id: 'disruption.error.other', defaultMessage: 'Nie udało się zapisać wyboru. Spróbuj ponownie.', description: 'Refusal: anything else' },
});

/** The page's texts; the refusals a choice meets are the shared catalogue's (the one table of codes,
 * shared/api/server-code-texts.ts, says them on this screen, `choice`), as is the bad link's heading. */
export const texts = { ...pageTexts, ...choiceTexts };

export const values = defineMessages<{
  delayedTitle: { minutes: number };
  stretch: { from: string; to: string };
  at: { date: string; time: string };
  deadlineUntil: { date: string };
  alternativeRoute: { route: string; date: string; departure: string; arrival: string; seats: number };
  alternativeLate: { time: string; minutes: number; expected: string };
  refundLead: { amount: string };
  confirmMove: { tickets: number; date: string; time: string };
  confirmRefund: { amount: string };
  moved: { date: string; time: string };
  refunded: { amount: string };
  refundedAutomatic: { amount: string };
  compensationOwed: { amount: string };
  compensationPaid: { amount: string; date: string };
  compensationPaidAt: { date: string };
  unpaidCancelled: { number: string };
  unpaid: { number: string };
}>({
  delayedTitle: { id: 'disruption.delayedTitle', defaultMessage: 'Twój kurs jest opóźniony o {minutes} min', description: 'Heading: the course is late' },
  stretch: { id: 'disruption.stretchValue', defaultMessage: '{from} → {to}', description: 'From stop to stop' },
  at: { id: 'disruption.at', defaultMessage: '{date}, {time}', description: 'A date and time' },
  deadlineUntil: {
    id: 'disruption.deadlineUntil',
    defaultMessage: 'Wybór możliwy do {date}.',
    description: 'Until when the choice can be made (14 days after the announcement), e.g. "11.12.2026 10:00"',
  },
  alternativeRoute: {
    id: 'disruption.alternativeRoute',
    defaultMessage: '{route}: {date}, {departure} → {arrival} ({seats, plural, one {# wolne miejsce} few {# wolne miejsca} many {# wolnych miejsc} other {# wolnego miejsca}})',
    description: 'One other course: its line, day, times and free seats',
  },
  alternativeLate: {
    id: 'disruption.alternativeLate',
    defaultMessage: '{time} (opóźniony o {minutes} min, ok. {expected})',
    description: 'The departure of another course that is late too: its timetable time, its delay and its expected time, e.g. "12:00 (opóźniony o 150 min, ok. 14:30)"',
  },
  refundLead: { id: 'disruption.refundLead', defaultMessage: 'Oddamy {amount}, bez żadnych potrąceń.', description: 'What the refund gives back' },
  confirmMove: {
    id: 'disruption.confirmMove',
    defaultMessage: '{tickets, plural, one {Twój bilet przeniesiemy} other {Twoje bilety (#) przeniesiemy}} na kurs {date}, {time}, bez dopłaty. Tego nie można potem zmienić.',
    description: 'Confirmation: what moving does',
  },
  confirmRefund: {
    id: 'disruption.confirmRefund',
    defaultMessage: 'Zwrócimy {amount} (część opłacona kuponem wróci na kupon), a bilety na ten kurs przestaną być ważne. Tego nie można potem zmienić.',
    description: 'Confirmation: what the refund does',
  },
  moved: { id: 'disruption.moved', defaultMessage: 'Jedziesz kursem {date}, {time}.', description: 'Result: moved to another course' },
  refunded: {
    id: 'disruption.refunded',
    defaultMessage: 'Zwracamy {amount}. Pieniądze wrócą tą samą drogą, którą zostały zapłacone.',
    description: 'Result: refunded',
  },
  refundedAutomatic: {
    id: 'disruption.refundedAutomatic',
    defaultMessage: 'Nie dokonano wyboru w terminie, więc zwróciliśmy {amount} automatycznie.',
    description: 'Result: a cancelled course refunded automatically when the time to choose ended',
  },
  compensationOwed: {
    id: 'disruption.compensationOwed',
    defaultMessage: 'Przysługuje odszkodowanie {amount} (50% ceny biletu), ponieważ wybór zaoferowaliśmy dopiero po planowym odjeździe. Wypłacimy je bez osobnego wniosku.',
    description: 'Compensation owed (EU Regulation 181/2011, art. 19(2)): the choice came after the scheduled departure',
  },
  compensationPaid: {
    id: 'disruption.compensationPaid',
    defaultMessage: 'Wypłaciliśmy odszkodowanie {amount} ({date}).',
    description: 'The compensation was paid: its amount and when, e.g. "27.11.2026 14:30"',
  },
  compensationPaidAt: {
    id: 'disruption.compensationPaidAt',
    defaultMessage: 'Wypłaciliśmy odszkodowanie ({date}).',
    description: 'The compensation was paid (amount unknown): when',
  },
  unpaidCancelled: {
    id: 'disruption.unpaidCancelled',
    defaultMessage: 'Zamówienie {number} nie zostało opłacone, więc po odwołaniu kursu zostało anulowane. Nic nie pobraliśmy i nie ma nic do zwrotu.',
    description: 'A cancelled course: the order was never paid, so the cancellation cancelled it; nothing to refund, nothing to choose',
  },
  unpaid: {
    id: 'disruption.unpaid',
    defaultMessage: 'Zamówienie {number} nie jest opłacone: nie ma na nie biletów ani nic do zwrotu.',
    description: 'A late course: the order was never paid; it has no tickets and nothing to refund',
  },
});
