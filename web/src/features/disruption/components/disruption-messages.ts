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
  cancelledTitle: { id: 'disruption.cancelledTitle', defaultMessage: 'Twój kurs został odwołany', description: 'Heading: the course was cancelled' },
  reason: { id: 'disruption.reason', defaultMessage: 'Powód', description: 'Field: why the course was cancelled or is late' },
  route: { id: 'disruption.route', defaultMessage: 'Linia', description: 'Field: the line' },
  stretch: { id: 'disruption.stretch', defaultMessage: 'Trasa', description: 'Field: from which stop to which' },
  departure: { id: 'disruption.departure', defaultMessage: 'Planowany odjazd', description: 'Field: the scheduled departure' },
  order: { id: 'disruption.order', defaultMessage: 'Zamówienie', description: 'Field: the order number' },
  tickets: { id: 'disruption.tickets', defaultMessage: 'Bilety', description: 'Field: how many tickets' },
  chooseTitle: { id: 'disruption.chooseTitle', defaultMessage: 'Co dalej? Wybierz jedno', description: 'Heading: the choice' },
  chooseLead: {
    id: 'disruption.chooseLead',
    defaultMessage: 'Wybór dotyczy wszystkich biletów zamówienia na ten kurs i można go zrobić tylko raz.',
    description: 'The choice is for all the order tickets, once',
  },
  moveTitle: { id: 'disruption.moveTitle', defaultMessage: 'Inny kurs bez dopłaty', description: 'Heading: the option to move to another course' },
  moveLegend: { id: 'disruption.moveLegend', defaultMessage: 'Kursy tej samej linii między tymi samymi przystankami', description: 'Legend of the list of other courses' },
  noAlternatives: {
    id: 'disruption.noAlternatives',
    defaultMessage: 'Nie ma teraz innego kursu z wolnymi miejscami. Możesz wybrać pełny zwrot.',
    description: 'No other course to move to',
  },
  move: { id: 'disruption.move', defaultMessage: 'Przenieś mnie na wybrany kurs', description: 'Button: move to the chosen course' },
  moveNeedsCourse: { id: 'disruption.moveNeedsCourse', defaultMessage: 'Najpierw wybierz kurs z listy.', description: 'Hint: a course must be chosen before moving' },
  refundTitle: { id: 'disruption.refundTitle', defaultMessage: 'Pełny zwrot pieniędzy', description: 'Heading: the option of a full refund' },
  refund: { id: 'disruption.refund', defaultMessage: 'Chcę zwrotu pieniędzy', description: 'Button: take the refund' },
  confirmTitle: { id: 'disruption.confirmTitle', defaultMessage: 'Potwierdź wybór', description: 'Heading of the confirmation' },
  confirm: { id: 'disruption.confirm', defaultMessage: 'Potwierdzam', description: 'Button: confirm the choice' },
  back: { id: 'disruption.back', defaultMessage: 'Wróć', description: 'Button: back to the choice' },
  resultTitle: { id: 'disruption.resultTitle', defaultMessage: 'Twój wybór', description: 'Heading: the choice made' },
  closed: {
    id: 'disruption.closed',
    defaultMessage: 'Czas na wybór minął. Jeśli nie wybrałeś innego kursu, pieniądze za bilety zwrócimy w całości automatycznie.',
    description: 'The choice is closed',
  },
  shortDelay: {
    id: 'disruption.shortDelay',
    defaultMessage: 'Kurs pojedzie z opóźnieniem. Twoje bilety pozostają ważne; nie musisz nic robić.',
    description: 'A short delay: nothing to choose',
  },
  myTickets: { id: 'disruption.myTickets', defaultMessage: 'Twoje bilety', description: 'Link to the user tickets' },
  movedNote: {
    id: 'disruption.movedNote',
    defaultMessage: 'Nowe bilety wysłaliśmy e-mailem. Ich kody QR są ważne na nowy kurs.',
    description: 'After a move: the new tickets were e-mailed',
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
  deadline: { date: string; time: string };
  alternative: { date: string; departure: string; arrival: string; seats: number };
  refundLead: { amount: string };
  confirmMove: { tickets: number; date: string; time: string };
  confirmRefund: { amount: string };
  moved: { date: string; time: string };
  refunded: { amount: string };
  refundedAutomatic: { amount: string };
}>({
  delayedTitle: { id: 'disruption.delayedTitle', defaultMessage: 'Twój kurs jest opóźniony o {minutes} min', description: 'Heading: the course is late' },
  stretch: { id: 'disruption.stretchValue', defaultMessage: '{from} → {to}', description: 'From stop to stop' },
  at: { id: 'disruption.at', defaultMessage: '{date}, {time}', description: 'A date and time' },
  deadline: { id: 'disruption.deadline', defaultMessage: 'Wybierz do {date}, {time}. Bez wyboru zwrócimy pieniądze w całości.', description: 'Until when the choice can be made' },
  alternative: {
    id: 'disruption.alternative',
    defaultMessage: '{date}, {departure} → {arrival} ({seats, plural, one {# wolne miejsce} few {# wolne miejsca} many {# wolnych miejsc} other {# wolnego miejsca}})',
    description: 'One other course: day, times and free seats',
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
  refunded: { id: 'disruption.refunded', defaultMessage: 'Zwracamy {amount}. Pieniądze wrócą tą samą drogą, którą zapłaciłeś.', description: 'Result: refunded' },
  refundedAutomatic: {
    id: 'disruption.refundedAutomatic',
    defaultMessage: 'Nie wybrałeś innego kursu, więc zwróciliśmy {amount} automatycznie.',
    description: 'Result: refunded automatically at the departure',
  },
});
