import { defineMessages } from 'react-intl';

/** A guest's page of their personal data (`/personal-data`, issue 38): the link, the data, the erasure. */
export const guestPrivacyMessages = defineMessages({
  pageTitle: { id: 'page.personalData.title', defaultMessage: 'Twoje dane osobowe', description: 'Title of the guest\'s page of their personal data' },
  lead: {
    id: 'auth.guestPrivacy.lead',
    defaultMessage:
      'Kupujesz bilety bez konta? Możesz zobaczyć, pobrać albo usunąć dane osobowe z zamówień złożonych z Twoim adresem e-mail. Podaj numer jednego z nich i jego adres e-mail, a wyślemy na ten adres link do Twoich danych.',
    description: 'What the guest\'s personal data page offers, and how to get the link',
  },
  number: { id: 'auth.guestPrivacy.number', defaultMessage: 'Numer zamówienia', description: 'Label of the order number field' },
  numberHint: {
    id: 'auth.guestPrivacy.numberHint',
    defaultMessage: 'Na przykład NB-2026-000123. Znajdziesz go w e-mailu z biletem.',
    description: 'Hint of the order number field: its form and where to find it',
  },
  numberRequired: { id: 'auth.guestPrivacy.numberRequired', defaultMessage: 'Podaj numer zamówienia.', description: 'Form error: the order number field is empty' },
  email: { id: 'auth.guestPrivacy.email', defaultMessage: 'E-mail podany w zamówieniu', description: 'Label of the e-mail field: the address the order was placed with' },
  submit: { id: 'auth.guestPrivacy.submit', defaultMessage: 'Wyślij link', description: 'Button: send me the link to my data' },
  askAgain: { id: 'auth.guestPrivacy.askAgain', defaultMessage: 'Wyślij link na inny adres', description: 'Button after the link was sent: the form again' },
  hasAccount: { id: 'auth.guestPrivacy.hasAccount', defaultMessage: 'Masz konto? Twoje dane są na stronie konta.', description: 'Link for customers with an account to their account page' },
  linkInvalid: {
    id: 'auth.guestPrivacy.linkInvalid',
    defaultMessage: 'Ten link wygasł albo został już użyty. Poproś niżej o nowy: wyślemy go na adres e-mail z zamówienia.',
    description: 'The e-mailed link is unknown, used or older than 24 hours',
  },
  loadFailed: { id: 'auth.guestPrivacy.loadFailed', defaultMessage: 'Nie udało się wczytać Twoich danych.', description: 'The guest\'s data could not be read (not a dead link)' },
  retry: { id: 'auth.guestPrivacy.retry', defaultMessage: 'Spróbuj ponownie', description: 'Button: read the data again' },
  ordersLead: {
    id: 'auth.guestPrivacy.ordersLead',
    defaultMessage: 'Oto wszystko, co przechowujemy z zamówień złożonych bez konta z Twoim adresem e-mail. Link jest ważny 24 godziny od wysłania.',
    description: 'Above the guest\'s data: what they are, and the link\'s lifetime',
  },
  download: { id: 'auth.guestPrivacy.download', defaultMessage: 'Pobierz jako JSON', description: 'Button: download the data as a JSON file' },
  erase: { id: 'auth.guestPrivacy.erase', defaultMessage: 'Usuń moje dane', description: 'Button: erase my personal data (asks first)' },
  eraseHeading: { id: 'auth.guestPrivacy.eraseHeading', defaultMessage: 'Usunąć Twoje dane?', description: 'Heading of the question before erasing' },
  eraseWhat: {
    id: 'auth.guestPrivacy.eraseWhat',
    defaultMessage:
      'Usuniemy od razu imię, nazwisko, e-mail, telefon i nazwiska pasażerów ze wszystkich tych zamówień oraz Twoje reklamacje. Zamówienia zostają w księgach przewoźnika bez Twoich danych, a ten link przestanie działać.',
    description: 'What goes when a guest erases their data',
  },
  eraseConfirm: { id: 'auth.guestPrivacy.eraseConfirm', defaultMessage: 'Tak, usuń moje dane', description: 'Button: confirm the erasure' },
  cancel: { id: 'auth.guestPrivacy.cancel', defaultMessage: 'Nie usuwaj', description: 'Button: do not erase after all' },
  eraseFailed: { id: 'auth.guestPrivacy.eraseFailed', defaultMessage: 'Nie udało się usunąć danych. Spróbuj ponownie.', description: 'The erasure failed (not a dead link)' },
  erased: { id: 'auth.guestPrivacy.erased', defaultMessage: 'Twoje dane zostały usunięte.', description: 'Heading after a guest erased their data' },
});

export const guestPrivacyValues = defineMessages<{ sent: { number: string } }>({
  sent: {
    id: 'auth.guestPrivacy.sent',
    defaultMessage: 'Jeśli zamówienie {number} ma ten adres e-mail, wysłaliśmy na niego link do Twoich danych. Link jest ważny 24 godziny.',
    description: 'After asking for the link (the same whether or not the order has this e-mail)',
  },
});
