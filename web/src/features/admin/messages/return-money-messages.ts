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
