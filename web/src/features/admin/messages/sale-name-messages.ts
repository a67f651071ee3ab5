import { defineMessages } from 'react-intl';

/** A desk sale of several seats asks each passenger's name, as the customer's order form does. */
export const saleNameTexts = defineMessages({
  hint: {
    id: 'admin.sale.passengerNamesHint',
    defaultMessage: 'Zapytaj o imię i nazwisko każdego pasażera: drukuje się na jego bilecie. Puste pole: bilet na kupującego.',
    description: 'Hint above the passengers’ name fields of a desk sale of several seats',
  },
});

export const saleNameValues = defineMessages<{ legend: { line: number }; passenger: { seat: number; line: number } }>({
  legend: {
    id: 'admin.sale.passengerNames',
    defaultMessage: 'Imiona i nazwiska pasażerów (wiersz {line})',
    description: 'Legend of the passengers’ name fields of one ticket line of a desk sale',
  },
  passenger: {
    id: 'admin.sale.passengerName',
    defaultMessage: 'Pasażer {seat} (wiersz {line})',
    description: 'Label of one passenger’s name field (seat of a ticket line) of a desk sale',
  },
});
