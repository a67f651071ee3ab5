import { defineMessages } from 'react-intl';

/** The course page's disruption section: cancel (whole or from a stop), delay (the expected departure),
 * and the passengers told, their choices and the compensation owed. */
export const disruptionTexts = defineMessages({
  title: { id: 'admin.disruption.title', defaultMessage: 'Odwołanie i opóźnienie', description: 'Heading: the course cancellation and delay section' },
  status: { id: 'admin.disruption.status', defaultMessage: 'Stan kursu', description: 'Field: the course status' },
  running: { id: 'admin.disruption.running', defaultMessage: 'Kurs odbywa się zgodnie z rozkładem', description: 'Course status: running normally' },
  cancelled: { id: 'admin.disruption.cancelled', defaultMessage: 'Kurs odwołany', description: 'Course status: cancelled' },
  reason: { id: 'admin.disruption.reason', defaultMessage: 'Powód (widzą go pasażerowie)', description: 'Field: the reason passengers are shown' },
  changedAt: { id: 'admin.disruption.changedAt', defaultMessage: 'Ogłoszono', description: 'Field: when and by whom it was announced' },
  choiceOffered: {
    id: 'admin.disruption.choiceOffered',
    defaultMessage: 'Pasażerowie mogą wybrać inny kurs lub pełny zwrot.',
    description: 'Note: passengers are offered the choice (cancelled or delayed 120 minutes or more)',
  },
  cancel: { id: 'admin.disruption.cancel', defaultMessage: 'Odwołaj kurs', description: 'Button: cancel the course' },
  cancelTitle: { id: 'admin.disruption.cancelTitle', defaultMessage: 'Odwołać kurs?', description: 'Dialog title: cancel the course' },
  cancelText: {
    id: 'admin.disruption.cancelText',
    defaultMessage:
      'Sprzedaż na odwołaną część kursu zostanie zamknięta, a każdy pasażer, którego przejazd ją obejmuje, dostanie wiadomość z powodem i wyborem: inny kurs bez dopłaty albo pełny zwrot (na wybór ma 14 dni). Zamówienia czekające na płatność zostaną anulowane. Tego nie da się cofnąć.',
    description: 'Dialog text: what cancelling a course does',
  },
  cancelConfirm: { id: 'admin.disruption.cancelConfirm', defaultMessage: 'Odwołaj kurs', description: 'Dialog button: confirm the cancellation' },
  cancelledDone: { id: 'admin.disruption.cancelledDone', defaultMessage: 'Kurs odwołany. Pasażerowie dostaną wiadomość.', description: 'Toast: the course was cancelled' },
  delay: { id: 'admin.disruption.delay', defaultMessage: 'Ogłoś opóźnienie', description: 'Button: announce a delay' },
  delayChange: { id: 'admin.disruption.delayChange', defaultMessage: 'Zmień opóźnienie', description: 'Button: change the announced delay' },
  delayTitle: { id: 'admin.disruption.delayTitle', defaultMessage: 'Opóźnienie kursu', description: 'Dialog title: announce a delay' },
  delayText: {
    id: 'admin.disruption.delayText',
    defaultMessage: 'Każdy pasażer dostanie wiadomość, także o każdej zmianie opóźnienia. Przy opóźnieniu od 120 minut pasażerowie mogą w ciągu 14 dni wybrać inny kurs lub pełny zwrot.',
    description: 'Dialog text: what announcing a delay does',
  },
  delayExpected: {
    id: 'admin.disruption.delayExpected',
    defaultMessage: 'Przewidywany odjazd z pierwszego przystanku',
    description: 'Field: when the late course is now expected to leave its first stop (date and time)',
  },
  delayConfirm: { id: 'admin.disruption.delayConfirm', defaultMessage: 'Ogłoś', description: 'Dialog button: announce the delay' },
  delayDone: { id: 'admin.disruption.delayDone', defaultMessage: 'Opóźnienie ogłoszone.', description: 'Toast: the delay was announced' },
  clearDelay: { id: 'admin.disruption.clearDelay', defaultMessage: 'Kurs jedzie zgodnie z rozkładem', description: 'Button: clear the delay (the course leaves at its scheduled time)' },
  clearTitle: { id: 'admin.disruption.clearTitle', defaultMessage: 'Kurs jedzie zgodnie z rozkładem?', description: 'Dialog title: clear the delay' },
  clearText: {
    id: 'admin.disruption.clearText',
    defaultMessage: 'Opóźnienie zostanie usunięte, a każdy pasażer dostanie wiadomość, że kurs odjedzie o planowej godzinie.',
    description: 'Dialog text: clearing the delay tells every passenger',
  },
  clearConfirm: { id: 'admin.disruption.clearConfirm', defaultMessage: 'Usuń opóźnienie', description: 'Dialog button: clear the delay' },
  clearDone: { id: 'admin.disruption.clearDone', defaultMessage: 'Opóźnienie usunięte. Pasażerowie dostaną wiadomość.', description: 'Toast: the delay was cleared' },
  reasonRequired: { id: 'admin.disruption.reasonRequired', defaultMessage: 'Podaj powód (co najmniej 3 znaki).', description: 'Error: the reason is missing or too short' },
  expectedInvalid: {
    id: 'admin.disruption.expectedInvalid',
    defaultMessage: 'Podaj odjazd późniejszy niż planowy, najpóźniej 24 godziny po nim.',
    description: 'Error: the expected departure is not after the scheduled one, or more than 24 hours after it',
  },
  back: { id: 'admin.disruption.back', defaultMessage: 'Anuluj', description: 'Dialog button: close without doing anything' },
  failed: { id: 'admin.disruption.failed', defaultMessage: 'Nie udało się wczytać stanu kursu.', description: 'The disruption could not be read' },
  passengers: { id: 'admin.disruption.passengers', defaultMessage: 'Pasażerowie kursu', description: 'Heading: the orders on the disrupted course' },
  noPassengers: { id: 'admin.disruption.noPassengers', defaultMessage: 'Na ten kurs nie ma biletów.', description: 'No orders on the course' },
  orderNumber: { id: 'admin.disruption.orderNumber', defaultMessage: 'Zamówienie', description: 'Column: order number' },
  name: { id: 'admin.disruption.name', defaultMessage: 'Klient', description: 'Column: customer name' },
  contact: { id: 'admin.disruption.contact', defaultMessage: 'Kontakt', description: 'Column: e-mail and phone' },
  tickets: { id: 'admin.disruption.tickets', defaultMessage: 'Bilety', description: 'Column: tickets on this course' },
  state: { id: 'admin.disruption.state', defaultMessage: 'Stan', description: 'Column: what happened to the passenger' },
  toldAt: { id: 'admin.disruption.toldAt', defaultMessage: 'Powiadomiony', description: 'Column: when told' },
  choice: { id: 'admin.disruption.choice', defaultMessage: 'Wybór', description: 'Column: the choice made and by whom' },
  result: { id: 'admin.disruption.result', defaultMessage: 'Nowy kurs / zwrot', description: 'Column: the course moved to or the amount refunded' },
  actions: { id: 'admin.disruption.actions', defaultMessage: 'Działania', description: 'Column: actions' },
  stateToTell: { id: 'admin.disruption.stateToTell', defaultMessage: 'Czeka na powiadomienie', description: 'Passenger state: not told yet' },
  stateTold: { id: 'admin.disruption.stateTold', defaultMessage: 'Powiadomiony, bez wyboru', description: 'Passenger state: told, no choice yet' },
  stateMoved: { id: 'admin.disruption.stateMoved', defaultMessage: 'Przeniesiony na inny kurs', description: 'Passenger state: moved to another course' },
  stateRefunded: { id: 'admin.disruption.stateRefunded', defaultMessage: 'Zwrot pełnej kwoty', description: 'Passenger state: refunded in full' },
  stateOrderCancelled: {
    id: 'admin.disruption.stateOrderCancelled',
    defaultMessage: 'Zamówienie nieopłacone, anulowane',
    description: 'Passenger state: the unpaid order was cancelled',
  },
  nothingToRefund: {
    id: 'admin.disruption.nothingToRefund',
    defaultMessage: 'Nic do zwrotu (nie zapłacono)',
    description: 'Result of an unpaid order the cancellation cancelled: nothing was paid, nothing goes back',
  },
  byPassenger: { id: 'admin.disruption.byPassenger', defaultMessage: 'pasażer', description: 'Who chose: the passenger' },
  byOffice: { id: 'admin.disruption.byOffice', defaultMessage: 'biuro', description: 'Who chose: the office' },
  byAutomatic: { id: 'admin.disruption.byAutomatic', defaultMessage: 'automatycznie', description: 'Who chose: automatically at departure' },
  resend: { id: 'admin.disruption.resend', defaultMessage: 'Wyślij ponownie', description: 'Button: send the passenger message again' },
  resent: { id: 'admin.disruption.resent', defaultMessage: 'Wiadomość wysłana ponownie.', description: 'Toast: the message was sent again' },
  choose: { id: 'admin.disruption.choose', defaultMessage: 'Wybierz za pasażera', description: 'Button: make the choice for the passenger' },
  chooseTitle: { id: 'admin.disruption.chooseTitle', defaultMessage: 'Wybór za pasażera', description: 'Dialog title: choose for the passenger' },
  chooseText: {
    id: 'admin.disruption.chooseText',
    defaultMessage: 'Na przykład po rozmowie telefonicznej. Wybór jest ostateczny.',
    description: 'Dialog text: choosing for the passenger',
  },
  chooseMove: { id: 'admin.disruption.chooseMove', defaultMessage: 'Przenieś na inny kurs', description: 'Option: move to another course' },
  chooseRefund: { id: 'admin.disruption.chooseRefund', defaultMessage: 'Pełny zwrot', description: 'Option: full refund' },
  toCourse: { id: 'admin.disruption.toCourse', defaultMessage: 'Kurs', description: 'Field: the course to move to' },
  pickCourse: { id: 'admin.disruption.pickCourse', defaultMessage: 'Wybierz kurs', description: 'Select placeholder: no course chosen' },
  noCourses: { id: 'admin.disruption.noCourses', defaultMessage: 'Brak innych kursów tej trasy.', description: 'No alternative course of the route' },
  chooseConfirm: { id: 'admin.disruption.chooseConfirm', defaultMessage: 'Zatwierdź wybór', description: 'Dialog button: confirm the choice' },
  chosenDone: { id: 'admin.disruption.chosenDone', defaultMessage: 'Wybór zapisany.', description: 'Toast: the choice was saved' },
  fromStop: { id: 'admin.disruption.fromStop', defaultMessage: 'Od przystanku', description: 'Field: cancel the course from this stop onward' },
  wholeCourse: { id: 'admin.disruption.wholeCourse', defaultMessage: 'Cały kurs', description: 'Option: cancel the whole course' },
  fromStopHint: {
    id: 'admin.disruption.fromStopHint',
    defaultMessage: 'Kurs dojedzie tylko do wybranego przystanku; odcinek przed nim nadal się odbędzie.',
    description: 'Hint: a cancellation from a stop ends the course there',
  },
  expectedAt: { id: 'admin.disruption.expectedAt', defaultMessage: 'Przewidywany odjazd', description: 'Field: when the late course is now expected to leave its first stop' },
  compensation: { id: 'admin.disruption.compensation', defaultMessage: 'Odszkodowanie', description: 'Column: the compensation owed (EU Regulation 181/2011, art. 19(2))' },
  payCompensation: { id: 'admin.disruption.payCompensation', defaultMessage: 'Wypłać odszkodowanie', description: 'Button: pay the compensation owed' },
  payTitle: { id: 'admin.disruption.payTitle', defaultMessage: 'Wypłacić odszkodowanie?', description: 'Dialog title: pay the compensation' },
  payConfirm: { id: 'admin.disruption.payConfirm', defaultMessage: 'Wypłać', description: 'Dialog button: pay the compensation' },
  paidDone: { id: 'admin.disruption.paidDone', defaultMessage: 'Odszkodowanie wypłacone.', description: 'Toast: the compensation was paid' },
});

export const disruptionValues = defineMessages<{
  delayed: { minutes: number };
  announced: { at: string; by: string };
  chosenBy: { at: string; by: string };
  refunded: { amount: string };
  scheduled: { at: string };
  delayOf: { minutes: number };
  payText: { name: string; number: string; amount: string };
  compensationPaid: { date: string };
}>({
  scheduled: { id: 'admin.disruption.scheduled', defaultMessage: 'Planowy odjazd: {at}', description: 'Hint: the scheduled departure from the first stop' },
  delayOf: { id: 'admin.disruption.delayOf', defaultMessage: 'Opóźnienie: {minutes} min', description: 'Hint: the delay the expected departure gives' },
  payText: {
    id: 'admin.disruption.payText',
    defaultMessage:
      '{name} (zamówienie {number}) otrzyma {amount}: 50% ceny biletów, ponieważ wybór zaoferowano dopiero po planowym odjeździe (art. 19 ust. 2 rozporządzenia UE 181/2011). Pieniądze wrócą tą samą drogą co płatność. Tego nie da się cofnąć.',
    description: 'Dialog text: what paying the compensation does',
  },
  compensationPaid: { id: 'admin.disruption.compensationPaid', defaultMessage: 'Wypłacono {date}', description: 'The compensation was paid, e.g. "27.11.2026, 14:30"' },
  delayed: { id: 'admin.disruption.delayed', defaultMessage: 'Opóźniony o {minutes} min', description: 'Course status: delayed by some minutes' },
  announced: { id: 'admin.disruption.announced', defaultMessage: '{at}, {by}', description: 'When and by whom, e.g. "27.11.2026 10:15, admin@example.com"' },
  chosenBy: { id: 'admin.disruption.chosenBy', defaultMessage: '{at} ({by})', description: 'When the choice was made and by whom' },
  refunded: { id: 'admin.disruption.refunded', defaultMessage: 'Zwrot {amount}', description: 'The amount refunded' },
});
