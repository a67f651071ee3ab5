import { defineMessages } from 'react-intl';

/** The panel's home page: the day at a glance. */
export const homeTexts = defineMessages({
  title: { id: 'admin.home.title', defaultMessage: 'Pulpit', description: 'Title of the admin panel\'s home page' },
  navEntry: { id: 'admin.home.navEntry', defaultMessage: 'Pulpit', description: 'Side navigation: the panel\'s home page' },
  failed: { id: 'admin.home.failed', defaultMessage: 'Nie udało się wczytać pulpitu.', description: 'The home page could not be read' },
  attention: { id: 'admin.home.attention', defaultMessage: 'Wymaga uwagi', description: 'Heading: what needs someone' },
  nothingNeeded: { id: 'admin.home.nothingNeeded', defaultMessage: 'Nic nie wymaga teraz uwagi.', description: 'Nothing needs attention' },
  courses: { id: 'admin.home.courses', defaultMessage: 'Kursy dziś i jutro', description: 'Heading: today\'s and tomorrow\'s courses' },
  today: { id: 'admin.home.today', defaultMessage: 'Dziś', description: 'Heading of today\'s courses' },
  tomorrow: { id: 'admin.home.tomorrow', defaultMessage: 'Jutro', description: 'Heading of tomorrow\'s courses' },
  noCourses: { id: 'admin.home.noCourses', defaultMessage: 'Brak kursów w sprzedaży.', description: 'No course with seats on sale that day' },
  onTime: { id: 'admin.home.onTime', defaultMessage: 'Zgodnie z rozkładem', description: 'Course state: on time' },
  cancelled: { id: 'admin.home.cancelled', defaultMessage: 'Odwołany', description: 'Course state: cancelled' },
  departed: { id: 'admin.home.departed', defaultMessage: 'Odjechał', description: 'Course state: it has left' },
  stretch: { id: 'admin.home.stretch', defaultMessage: 'Odcinek', description: 'Column: the stretch between two stops' },
  sold: { id: 'admin.home.sold', defaultMessage: 'Sprzedane', description: 'Column: seats sold' },
  held: { id: 'admin.home.held', defaultMessage: 'Zarezerwowane', description: 'Column: seats held by orders waiting for payment' },
  free: { id: 'admin.home.free', defaultMessage: 'Wolne', description: 'Column: seats free' },
  course: { id: 'admin.home.course', defaultMessage: 'Kurs', description: 'Column: the course (departure time and route)' },
  state: { id: 'admin.home.state', defaultMessage: 'Stan', description: 'Column: on time, delayed, cancelled, left' },
  soldSeats: { id: 'admin.home.soldSeats', defaultMessage: 'Sprzedane / miejsca', description: 'Column: tickets sold out of the seats' },
  boardedColumn: { id: 'admin.home.boardedColumn', defaultMessage: 'Wsiadło', description: 'Column: passengers checked in by the drivers' },
  notYet: { id: 'admin.home.notYet', defaultMessage: 'jeszcze nie odjechał', description: 'Boarded column of a course that has not left yet' },
  stretches: { id: 'admin.home.stretches', defaultMessage: 'Odcinki', description: 'Column: the load of each stretch' },
  sales: { id: 'admin.home.sales', defaultMessage: 'Sprzedaż w ostatnich 30 dniach', description: 'Heading: the sales of the last 30 days' },
  salesToday: { id: 'admin.home.salesToday', defaultMessage: 'Dziś', description: 'Heading: the sums of today' },
  salesPeriod: { id: 'admin.home.salesPeriod', defaultMessage: '30 dni', description: 'Heading: the sums of the 30 days' },
  perDay: { id: 'admin.home.perDay', defaultMessage: 'Dzień po dniu', description: 'Heading: sales per day' },
  perRoute: { id: 'admin.home.perRoute', defaultMessage: 'Według tras', description: 'Heading: sales per route' },
  revenueChart: { id: 'admin.home.revenueChart', defaultMessage: 'Przychód i zwroty dziennie (zł)', description: 'Chart title: revenue and refunds per day, in złoty' },
  countsChart: { id: 'admin.home.countsChart', defaultMessage: 'Zamówienia, bilety i zwroty dziennie', description: 'Chart title: orders, tickets and returns per day' },
  routesChart: { id: 'admin.home.routesChart', defaultMessage: 'Przychód według tras (zł)', description: 'Chart title: revenue per route, in złoty' },
  chartNote: {
    id: 'admin.home.chartNote',
    defaultMessage: 'Te same liczby są w tabeli poniżej.',
    description: 'Note under a chart: the table below has its numbers (for screen readers and exact values)',
  },
  day: { id: 'admin.home.day', defaultMessage: 'Dzień', description: 'Column: the day' },
  route: { id: 'admin.home.route', defaultMessage: 'Trasa', description: 'Column: the route' },
  orders: { id: 'admin.home.orders', defaultMessage: 'Zamówienia', description: 'Column: orders paid' },
  tickets: { id: 'admin.home.tickets', defaultMessage: 'Bilety', description: 'Column: tickets sold' },
  revenue: { id: 'admin.home.revenue', defaultMessage: 'Przychód', description: 'Column: what the orders paid' },
  returns: { id: 'admin.home.returns', defaultMessage: 'Zwroty', description: 'Column: tickets returned' },
  refunded: { id: 'admin.home.refunded', defaultMessage: 'Zwrócone pieniądze', description: 'Column: money refunded for returned tickets' },
  total: { id: 'admin.home.total', defaultMessage: 'Razem', description: 'Row: the sum of the table' },
  csv: { id: 'admin.home.csv', defaultMessage: 'Pobierz CSV', description: 'Link: download the table as a CSV file' },
  showTable: { id: 'admin.home.showTable', defaultMessage: 'Tabela', description: 'Disclosure: the table of a chart' },
  noSales: { id: 'admin.home.noSales', defaultMessage: 'Brak sprzedaży w tym okresie.', description: 'No route sold anything in the period' },
});

/** Values in the home page's texts. */
export const homeValues = defineMessages<{
  delay: { minutes: number };
  boarded: { boarded: number; sold: number };
  soldOf: { sold: number; seats: number };
  busiest: { taken: number; seats: number };
  stretchName: { from: string; to: string };
  courseName: { time: string; route: string };
}>({
  delay: { id: 'admin.home.delay', defaultMessage: 'Opóźniony o {minutes} min', description: 'Course state: delayed by some minutes' },
  boarded: { id: 'admin.home.boarded', defaultMessage: 'Wsiadło {boarded} z {sold}', description: 'Passengers checked in by the drivers out of tickets sold' },
  soldOf: { id: 'admin.home.soldOf', defaultMessage: '{sold} / {seats}', description: 'Tickets sold out of the seats of the course' },
  busiest: { id: 'admin.home.busiest', defaultMessage: 'najwięcej zajętych: {taken} z {seats}', description: 'Summary of the stretches: the most seats taken (sold or held) on one stretch' },
  stretchName: { id: 'admin.home.stretchName', defaultMessage: '{from} → {to}', description: 'A stretch: from one stop to the next' },
  courseName: { id: 'admin.home.courseName', defaultMessage: '{time} {route}', description: 'A course: its departure time and its route' },
});

/** What needs someone: one line each, with the list it links to. */
export const attentionTexts = defineMessages({
  deskRefunds: { id: 'admin.home.deskRefunds', defaultMessage: 'Zwroty do wypłaty w kasie', description: 'Attention: refunds of orders paid at the desk, waiting there to be paid out (a link to the till)' },
  failedRefunds: { id: 'admin.home.failedRefunds', defaultMessage: 'Nieudane zwroty pieniędzy', description: 'Attention: refunds the payment gateway refused' },
  ksefWaiting: { id: 'admin.home.ksefWaiting', defaultMessage: 'Faktury czekające na wysłanie do KSeF', description: 'Attention: invoices waiting to be sent to KSeF' },
  ksefOffline: { id: 'admin.home.ksefOffline', defaultMessage: 'Faktury wystawione offline, jeszcze nie w KSeF', description: 'Attention: invoices issued offline, not yet in KSeF' },
  ksefRejected: { id: 'admin.home.ksefRejected', defaultMessage: 'Faktury odrzucone przez KSeF', description: 'Attention: invoices KSeF rejected' },
  ksefDeadlines: { id: 'admin.home.ksefDeadlines', defaultMessage: 'Faktury offline z bliskim terminem wysłania', description: 'Attention: offline invoices whose deadline to reach KSeF is near' },
  complaintsDue: { id: 'admin.home.complaintsDue', defaultMessage: 'Reklamacje z terminem w ciągu 7 dni', description: 'Attention: complaints with a deadline within 7 days' },
  privacyRequests: { id: 'admin.home.privacyRequests', defaultMessage: 'Wnioski RODO czekające na odpowiedź', description: 'Attention: requests about personal data not answered yet' },
  paymentsDue: { id: 'admin.home.paymentsDue', defaultMessage: 'Zamówienia czekające na płatność', description: 'Attention: orders waiting for payment before they expire' },
  lateDepartures: {
    id: 'admin.home.lateDepartures',
    defaultMessage: 'Kursy, które nie odjechały (20 minut po czasie)',
    description: 'Attention: courses no driver marked as departed 20 minutes after their time (and announced delay): someone should announce a delay',
  },
});

/** The refused refunds listed one by one under their count, each linked to its own order (issue 29). */
export const failedRefundValues = defineMessages<{ refund: { number: string; amount: string } }>({
  refund: { id: 'admin.home.failedRefundOf', defaultMessage: 'Zamówienie {number}: {amount}', description: 'Attention: one refused refund, linked to its order (the order number and the amount)' },
});
