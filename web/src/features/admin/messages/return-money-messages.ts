import { defineMessages } from 'react-intl';

/**
 * Where the money of a ticket returned in the panel goes, said in the return dialog before it is
 * confirmed (issue 29): back on the card terminal for a card sale at the desk, in cash for a cash sale,
 * and through the payment gateway for an order paid online.
 */
export const returnMoneyTexts = defineMessages({
  terminal: {
    id: 'admin.returnMoney.terminal',
    defaultMessage: 'Zapłacono kartą w kasie: pieniądze zwróć na tę samą kartę terminalem płatniczym w kasie (nie gotówką).',
    description: 'Return dialog, an order paid by card on the office terminal: refund to the card on the terminal',
  },
  cash: {
    id: 'admin.returnMoney.cash',
    defaultMessage: 'Zapłacono gotówką w kasie: pieniądze wypłać klientowi gotówką w kasie.',
    description: 'Return dialog, an order paid in cash at the office: pay the money back in cash',
  },
  gateway: {
    id: 'admin.returnMoney.gateway',
    defaultMessage: 'Zapłacono online: pieniądze wrócą automatycznie na kartę lub konto klienta przez operatora płatności.',
    description: 'Return dialog, an order paid online: the gateway refunds the money',
  },
});

/**
 * What a return gives back, said in the return dialog before it is confirmed (the server's quote): the
 * ticket's price, the fee kept, what goes back, and each part of it with how it goes back.
 */
export const returnQuoteTexts = defineMessages({
  title: { id: 'admin.returnQuote.title', defaultMessage: 'Rozliczenie zwrotu', description: 'Heading in the return dialog: what the return gives back' },
  price: { id: 'admin.returnQuote.price', defaultMessage: 'Cena biletu', description: 'Return dialog: the ticket price' },
  fee: { id: 'admin.returnQuote.fee', defaultMessage: 'Opłata manipulacyjna', description: 'Return dialog: the handling fee the carrier keeps' },
  back: { id: 'admin.returnQuote.back', defaultMessage: 'Do zwrotu', description: 'Return dialog: what goes back in all (price less fee)' },
  toOffice: {
    id: 'admin.returnQuote.toOffice',
    defaultMessage: 'Wypłać klientowi gotówką w kasie',
    description: 'Return dialog, the money part of an order paid in cash at the office: pay it out in cash',
  },
  toTerminal: {
    id: 'admin.returnQuote.toTerminal',
    defaultMessage: 'Zwróć na kartę klienta terminalem płatniczym w kasie',
    description: 'Return dialog, the money part of an order paid by card at the office: refund it to the card on the terminal',
  },
  toPayment: {
    id: 'admin.returnQuote.toPayment',
    defaultMessage: 'Wróci na kartę lub konto klienta przez operatora płatności',
    description: 'Return dialog, the money part of an order paid online: the gateway refunds it',
  },
  loading: { id: 'admin.returnQuote.loading', defaultMessage: 'Liczę opłatę i kwotę zwrotu…', description: 'Return dialog: the quote is loading' },
});

export const returnQuoteValues = defineMessages<{ toCoupon: { code: string } }>({
  toCoupon: {
    id: 'admin.returnQuote.toCoupon',
    defaultMessage: 'Wraca na kupon {code}',
    description: 'Return dialog: the part paid with a coupon goes back to that coupon',
  },
});
