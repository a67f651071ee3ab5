import { defineMessages } from 'react-intl';

/** The till's page ("Kasa", docs/till.md) and the desk's refunds on the other pages. */
export const tillTexts = defineMessages({
  notFiscal: {
    id: 'admin.till.notFiscal',
    defaultMessage: 'Ten program nie jest urządzeniem fiskalnym: każdą sprzedaż w kasie rejestruj też na kasie fiskalnej, a przy zamknięciu dnia wpisz numer jej raportu dobowego (Z). Raport kasowy nie jest dokumentem fiskalnym.',
    description: 'Note on the till page: the product is no fiscal device',
  },
  day: { id: 'admin.till.day', defaultMessage: 'Dzień', description: 'Field: the day of the till shown' },
  show: { id: 'admin.till.show', defaultMessage: 'Pokaż', description: 'Button: show the chosen day of the till' },
  today: { id: 'admin.till.today', defaultMessage: 'Dziś', description: 'Link: back to today\'s till' },
  dayPicker: { id: 'admin.till.dayPicker', defaultMessage: 'Wybór dnia', description: 'Accessible name of the form that chooses the day' },
  state: { id: 'admin.till.state', defaultMessage: 'Stan dnia', description: 'Term: whether the day is open or closed' },
  open: { id: 'admin.till.open', defaultMessage: 'otwarty', description: 'The day is not closed' },
  closed: { id: 'admin.till.closed', defaultMessage: 'zamknięty', description: 'The day is closed' },
  openingCash: { id: 'admin.till.openingCash', defaultMessage: 'Gotówka na początku dnia', description: 'Term: cash the day began with' },
  cashSales: { id: 'admin.till.cashSales', defaultMessage: 'Sprzedaż gotówką', description: 'Term: cash sales' },
  cashRefunds: { id: 'admin.till.cashRefunds', defaultMessage: 'Zwroty wypłacone gotówką', description: 'Term: refunds paid out in cash' },
  cashCorrections: { id: 'admin.till.cashCorrections', defaultMessage: 'Wpłaty i wypłaty gotówki (KP/KW)', description: 'Term: cash put in less cash taken out' },
  expectedCash: { id: 'admin.till.expectedCash', defaultMessage: 'Powinno być w kasie', description: 'Term: what the till should hold' },
  cardSales: { id: 'admin.till.cardSales', defaultMessage: 'Terminal: sprzedaż kartą', description: 'Term: sales on the card terminal' },
  cardRefunds: { id: 'admin.till.cardRefunds', defaultMessage: 'Terminal: zwroty na kartę', description: 'Term: refunds to cards on the terminal' },
  waiting: { id: 'admin.till.waiting', defaultMessage: 'Zwroty do wypłaty w kasie', description: 'Heading: refunds waiting at the desk' },
  waitingNote: {
    id: 'admin.till.waitingNote',
    defaultMessage: 'Zwroty zamówień opłaconych w kasie, z każdego dnia: wypłać je, gdy klient przyjdzie. Gotówkę wydajesz z kasy, zwrot na kartę robisz terminalem płatniczym.',
    description: 'Note above the refunds waiting at the desk',
  },
  noWaiting: { id: 'admin.till.noWaiting', defaultMessage: 'Żaden zwrot nie czeka na wypłatę.', description: 'No refund waits at the desk' },
  order: { id: 'admin.till.order', defaultMessage: 'Zamówienie', description: 'Column: the order' },
  reason: { id: 'admin.till.reason', defaultMessage: 'Tytuł', description: 'Column: why the refund is owed' },
  amount: { id: 'admin.till.amount', defaultMessage: 'Kwota', description: 'Column: amount' },
  how: { id: 'admin.till.how', defaultMessage: 'Jak', description: 'Column: how the money goes (cash or card)' },
  since: { id: 'admin.till.since', defaultMessage: 'Czeka od', description: 'Column: when the refund was owed' },
  actions: { id: 'admin.till.actions', defaultMessage: 'Akcje', description: 'Column: actions' },
  payOut: { id: 'admin.till.payOut', defaultMessage: 'Wypłać', description: 'Button: pay out a refund at the desk' },
  payOutTitle: { id: 'admin.till.payOutTitle', defaultMessage: 'Wypłacić zwrot?', description: 'Title of the pay-out dialog' },
  back: { id: 'admin.till.back', defaultMessage: 'Wróć', description: 'Button: close a dialog without acting' },
  howCash: { id: 'admin.till.howCash', defaultMessage: 'gotówką z kasy', description: 'How a refund is paid out: in cash from the till' },
  howCard: { id: 'admin.till.howCard', defaultMessage: 'na kartę terminalem', description: 'How a refund is paid out: to the card on the payment terminal' },
  methodCash: { id: 'admin.till.methodCash', defaultMessage: 'gotówka', description: 'Movement column: cash' },
  methodCard: { id: 'admin.till.methodCard', defaultMessage: 'karta (terminal)', description: 'Movement column: card on the terminal' },
  movements: { id: 'admin.till.movements', defaultMessage: 'Ruchy w kasie', description: 'Heading: the day\'s movements' },
  noMovements: { id: 'admin.till.noMovements', defaultMessage: 'Tego dnia nie było ruchów w kasie.', description: 'No movement on the day' },
  time: { id: 'admin.till.time', defaultMessage: 'Godzina', description: 'Column: time of a movement' },
  what: { id: 'admin.till.what', defaultMessage: 'Co', description: 'Column: what the movement is' },
  document: { id: 'admin.till.document', defaultMessage: 'Dokument', description: 'Column: the order or the KP/KW' },
  method: { id: 'admin.till.method', defaultMessage: 'Gotówka / karta', description: 'Column: cash or card' },
  income: { id: 'admin.till.income', defaultMessage: 'Przychód', description: 'Column: money in' },
  expense: { id: 'admin.till.expense', defaultMessage: 'Rozchód', description: 'Column: money out' },
  by: { id: 'admin.till.by', defaultMessage: 'Kto', description: 'Column: who recorded it' },
  kindSale: { id: 'admin.till.kindSale', defaultMessage: 'Sprzedaż', description: 'Movement: a sale at the desk' },
  kindRefund: { id: 'admin.till.kindRefund', defaultMessage: 'Wypłata zwrotu', description: 'Movement: a refund paid out' },
  kindCashIn: { id: 'admin.till.kindCashIn', defaultMessage: 'Wpłata do kasy', description: 'Movement: cash put into the till' },
  kindCashOut: { id: 'admin.till.kindCashOut', defaultMessage: 'Wypłata z kasy', description: 'Movement: cash taken out of the till' },
  cashIn: { id: 'admin.till.cashIn', defaultMessage: 'KP', description: 'Document of cash put in (kasa przyjmie)' },
  cashOut: { id: 'admin.till.cashOut', defaultMessage: 'KW', description: 'Document of cash taken out (kasa wyda)' },
  correction: { id: 'admin.till.correction', defaultMessage: 'Wpłata lub wypłata gotówki', description: 'Heading: the form for cash put in or taken out' },
  correctionNote: {
    id: 'admin.till.correctionNote',
    defaultMessage: 'Gotówka spoza sprzedaży: pogotowie kasowe rano, odprowadzenie utargu do banku. Zapisywana w dzisiejszej kasie z powodem.',
    description: 'Note above the cash in/out form',
  },
  direction: { id: 'admin.till.direction', defaultMessage: 'Rodzaj', description: 'Legend: cash in or out' },
  putIn: { id: 'admin.till.putIn', defaultMessage: 'Wpłata do kasy (KP)', description: 'Radio: cash put in' },
  takeOut: { id: 'admin.till.takeOut', defaultMessage: 'Wypłata z kasy (KW)', description: 'Radio: cash taken out' },
  cashAmount: { id: 'admin.till.cashAmount', defaultMessage: 'Kwota', description: 'Field: the amount put in or taken out' },
  cashReason: { id: 'admin.till.cashReason', defaultMessage: 'Powód', description: 'Field: why cash is put in or taken out' },
  reasonHint: { id: 'admin.till.reasonHint', defaultMessage: 'Od 3 do 300 znaków, np. „pogotowie kasowe”, „wpłata utargu do banku”.', description: 'Hint under a reason field' },
  saveCash: { id: 'admin.till.saveCash', defaultMessage: 'Zapisz w kasie', description: 'Button: record the cash in or out' },
  cashSaved: { id: 'admin.till.cashSaved', defaultMessage: 'Zapisano w kasie.', description: 'Toast after cash in or out was recorded' },
  closedToday: {
    id: 'admin.till.closedToday',
    defaultMessage: 'Dzisiejsza kasa jest zamknięta: wpłat i wypłat gotówki nie można już do niej zapisać. Sprzedaż i zwroty z dalszej części dnia policzą się w następnym dniu.',
    description: 'Instead of the cash in/out form once today is closed',
  },
  close: { id: 'admin.till.close', defaultMessage: 'Zamknięcie dnia', description: 'Heading: the day\'s close' },
  closeNote: {
    id: 'admin.till.closeNote',
    defaultMessage: 'Policz gotówkę w kasie i wpisz numer raportu dobowego (Z) z kasy fiskalnej. Dzień zamyka się raz; późniejsze ruchy przejdą na następny dzień.',
    description: 'Note above the close form',
  },
  counted: { id: 'admin.till.counted', defaultMessage: 'Policzona gotówka', description: 'Field: the cash counted' },
  zReport: { id: 'admin.till.zReport', defaultMessage: 'Numer raportu dobowego (Z)', description: 'Field: the fiscal printer\'s daily report number' },
  zReportHint: { id: 'admin.till.zReportHint', defaultMessage: 'Z wydruku raportu dobowego kasy fiskalnej: litery bez polskich znaków, cyfry, spacje, „/”, „-” i „.”, najwyżej 30 znaków.', description: 'Hint under the Z report number' },
  differenceReason: { id: 'admin.till.differenceReason', defaultMessage: 'Powód różnicy', description: 'Field: why the count differs' },
  closeDay: { id: 'admin.till.closeDay', defaultMessage: 'Zamknij dzień', description: 'Button: close the day' },
  dayClosed: { id: 'admin.till.dayClosed', defaultMessage: 'Dzień zamknięty.', description: 'Toast after the day was closed' },
  matches: { id: 'admin.till.matches', defaultMessage: 'Zgadza się z tym, co powinno być w kasie.', description: 'Live note: the count matches' },
  closedAt: { id: 'admin.till.closedAt', defaultMessage: 'Zamknięto', description: 'Term: when and by whom the day was closed' },
  difference: { id: 'admin.till.difference', defaultMessage: 'Różnica', description: 'Term: counted less expected' },
  noReason: { id: 'admin.till.noReason', defaultMessage: '—', description: 'No reason given (the count matched)' },
  report: { id: 'admin.till.report', defaultMessage: 'Raport kasowy', description: 'Group name: the cash report buttons' },
  printPdf: { id: 'admin.till.printPdf', defaultMessage: 'Drukuj raport kasowy', description: 'Button: the cash report PDF to the printer\'s dialog (a hidden frame, or a new tab that prints it)' },
  downloadPdf: { id: 'admin.till.downloadPdf', defaultMessage: 'Pobierz PDF', description: 'Button: save the cash report PDF' },
  downloadCsv: { id: 'admin.till.downloadCsv', defaultMessage: 'Pobierz CSV', description: 'Button: save the cash report as CSV' },
  reasonMissing: { id: 'admin.till.reasonMissing', defaultMessage: 'Podaj powód (od 3 do 300 znaków).', description: 'Validation: a reason of 3 to 300 characters' },
  zReportMissing: { id: 'admin.till.zReportMissing', defaultMessage: 'Wpisz numer raportu dobowego (Z).', description: 'Validation: the Z report number is empty' },
  zReportBad: { id: 'admin.till.zReportBad', defaultMessage: 'Numer raportu Z: najwyżej 30 znaków, tylko litery bez polskich znaków, cyfry, spacje, „/”, „-” i „.”.', description: 'Validation: the Z report number has characters it may not have' },
  waitingAtDesk: { id: 'admin.till.waitingAtDesk', defaultMessage: 'Czeka na wypłatę w kasie', description: 'Field on the order page: money owed at the desk not paid out yet' },
  givenBack: { id: 'admin.till.givenBack', defaultMessage: 'Zwrócone pieniądze', description: 'Field on the order page: money actually given back (gateway refunds sent, desk refunds paid out)' },
});

export const tillValues = defineMessages<{
  figuresOf: { day: string };
  payOutCash: { amount: string; number: string };
  payOutCard: { amount: string; number: string };
  payOutOf: { number: string };
  paidOut: { amount: string };
  paidOutAtDesk: { date: string };
  closedBy: { at: string; by: string };
  surplus: { amount: string };
  shortfall: { amount: string };
  movementsOf: { day: string };
  toTillOf: { amount: string };
  note: { note: string };
}>({
  note: { id: 'admin.till.note', defaultMessage: '({note})', description: 'After a movement\'s kind: its note (a correction\'s reason, a refund\'s title)' },
  figuresOf: { id: 'admin.till.figuresOf', defaultMessage: 'Stan kasy: {day}', description: 'Heading: the figures of a day' },
  payOutCash: {
    id: 'admin.till.payOutCash',
    defaultMessage: 'Wypłać klientowi {amount} gotówką z kasy (zamówienie {number}). Tego nie można cofnąć.',
    description: 'Pay-out dialog: a refund in cash from the till',
  },
  payOutCard: {
    id: 'admin.till.payOutCard',
    defaultMessage: 'Zwróć klientowi {amount} na kartę terminalem płatniczym w kasie, nie gotówką (zamówienie {number}). Tego nie można cofnąć.',
    description: 'Pay-out dialog: a refund to the card on the payment terminal',
  },
  payOutOf: { id: 'admin.till.payOutOf', defaultMessage: 'Wypłać zwrot zamówienia {number}', description: 'Accessible name of a refund\'s pay-out button' },
  paidOut: { id: 'admin.till.paidOut', defaultMessage: 'Wypłacono {amount}.', description: 'Toast after a refund was paid out' },
  paidOutAtDesk: { id: 'admin.till.paidOutAtDesk', defaultMessage: 'Wypłacono w kasie {date}', description: 'A desk refund\'s status once paid out' },
  closedBy: { id: 'admin.till.closedBy', defaultMessage: '{at}, {by}', description: 'When and who closed the day' },
  surplus: { id: 'admin.till.surplus', defaultMessage: 'Różnica: +{amount} (nadwyżka). Podaj jej powód.', description: 'Live note: more cash counted than expected' },
  shortfall: { id: 'admin.till.shortfall', defaultMessage: 'Różnica: −{amount} (brak). Podaj jej powód.', description: 'Live note: less cash counted than expected' },
  movementsOf: { id: 'admin.till.movementsOf', defaultMessage: 'Ruchy w kasie: {day}', description: 'Caption of the movements table' },
  toTillOf: { id: 'admin.till.toTillOf', defaultMessage: 'Do wypłaty w kasie: {amount}', description: 'Disruption list: the order\'s refund (amount) waits at the desk, a link to the till' },
});
