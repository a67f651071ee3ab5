import { defineMessages } from 'react-intl';

/** The office desk's texts (issue 29): payments and refunds in words, and the print for a walk-in passenger. */
export const deskTexts = defineMessages({
  providerCash: { id: 'admin.desk.providerCash', defaultMessage: 'Gotówka w kasie', description: 'How an order was paid: cash at the office' },
  providerCardTerminal: { id: 'admin.desk.providerCardTerminal', defaultMessage: 'Karta – terminal płatniczy w kasie', description: 'How an order was paid: by card on the office terminal' },
  providerSandbox: { id: 'admin.desk.providerSandbox', defaultMessage: 'Bramka testowa (bez prawdziwych pieniędzy)', description: 'How an order was paid: the test payment gateway' },
  providerPrzelewy24: { id: 'admin.desk.providerPrzelewy24', defaultMessage: 'Przelewy24 (płatność online)', description: 'How an order was paid: the Przelewy24 gateway' },
  providerNone: { id: 'admin.desk.providerNone', defaultMessage: 'Bez płatności – cała kwota z kuponu', description: 'How an order was paid: nothing to pay, the coupon covered it' },
  transactionCash: { id: 'admin.desk.transactionCash', defaultMessage: 'Wpłata gotówką przyjęta w kasie', description: 'The payment transaction of a cash sale at the office' },
  transactionCardTerminal: { id: 'admin.desk.transactionCardTerminal', defaultMessage: 'Płatność kartą przyjęta na terminalu w kasie', description: 'The payment transaction of a card-terminal sale at the office' },
  refundAtTerminal: { id: 'admin.desk.refundAtTerminal', defaultMessage: 'Do zwrotu na kartę terminalem w kasie', description: 'Refund status: paid by card at the office, so refunded to the card on the terminal' },
  printReceipt: { id: 'admin.desk.printReceipt', defaultMessage: 'Drukuj – paragon 80 mm', description: 'Button: print the tickets and the confirmation of payment for an 80 mm receipt printer' },
  printA4: { id: 'admin.desk.printA4', defaultMessage: 'Drukuj – A4', description: 'Button: print the tickets and the confirmation of payment on A4' },
  contactOptional: { id: 'admin.desk.contactOptional', defaultMessage: 'Przy sprzedaży w kasie e-mail i telefon są nieobowiązkowe: bez nich bilety się drukuje („Drukuj” na stronie zamówienia), nic nie jest wysyłane.', description: 'Hint on the office sale form: the contact is optional at the desk' },
  contactOptionalEdit: { id: 'admin.desk.contactOptionalEdit', defaultMessage: 'Zamówienie sprzedane w kasie: e-mail i telefon mogą zostać puste.', description: 'Hint on the order edit of a desk sale without a contact: e-mail and phone may stay empty' },
  noEmail: { id: 'admin.desk.noEmail', defaultMessage: 'Zamówienie nie ma adresu e-mail – wydrukuj bilety.', description: 'Why tickets cannot be e-mailed: the order has no address' },
});

export const deskValues = defineMessages<{ returnedAtTerminal: { number: string; fee: string; money: string; coupon: string } }>({
  returnedAtTerminal: {
    id: 'admin.desk.returnedAtTerminal',
    defaultMessage: 'Bilet {number} zwrócony. Opłata: {fee}; do zwrotu na kartę terminalem w kasie: {money}, na kupon: {coupon}.',
    description: 'After a return of a ticket paid by card at the office: the money goes back to the card on the terminal',
  },
});
