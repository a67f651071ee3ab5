import { defineMessages } from 'react-intl';

export const settingsTexts = defineMessages({
  companyName: { id: 'admin.settings.name', defaultMessage: 'Nazwa firmy', description: 'Setting: company name' },
  invoicePrefix: { id: 'admin.settings.invoicePrefix', defaultMessage: 'Prefiks faktur', description: 'Setting: invoice prefix' },
  invoicePrefixHint: { id: 'admin.settings.invoicePrefixHint', defaultMessage: 'Numer faktury: prefiks/rok/kolejny numer; litery A–Z, cyfry, / i -.', description: 'Hint: invoice numbering' },
  invoiceIssuer: { id: 'admin.settings.invoiceIssuer', defaultMessage: 'Wystawca faktur', description: 'Setting: invoice issuer' },
  invoiceEmail: { id: 'admin.settings.invoiceEmail', defaultMessage: 'E-mail biura (kopie faktur)', description: 'Setting: invoice office e-mail' },
  reportEmail: { id: 'admin.settings.reportEmail', defaultMessage: 'E-mail raportów zamówień', description: 'Setting: order report e-mail' },
  footer1: { id: 'admin.settings.footer1', defaultMessage: 'Stopka, blok 1', description: 'Setting: footer text 1' },
  footer1En: { id: 'admin.settings.footer1En', defaultMessage: 'Stopka, blok 1 (angielski)', description: 'Setting: footer text 1 in English' },
  footer2: { id: 'admin.settings.footer2', defaultMessage: 'Stopka, blok 2', description: 'Setting: footer text 2' },
  footer2En: { id: 'admin.settings.footer2En', defaultMessage: 'Stopka, blok 2 (angielski)', description: 'Setting: footer text 2 in English' },
  refreshTime: { id: 'admin.settings.refreshTime', defaultMessage: 'Czas odświeżania (s)', description: 'Setting: refresh time in seconds' },
  vat: { id: 'admin.settings.vat', defaultMessage: 'Stawka VAT (%)', description: 'Setting: VAT rate' },
  paymentTime: { id: 'admin.settings.paymentTime', defaultMessage: 'Czas na płatność (min)', description: 'Setting: payment time in minutes' },
  salesClose: { id: 'admin.settings.salesClose', defaultMessage: 'Koniec sprzedaży przed odjazdem (min)', description: 'Setting: sales close minutes' },
  returnCutoff: { id: 'admin.settings.returnCutoff', defaultMessage: 'Zwrot najpóźniej przed odjazdem (min)', description: 'Setting: return cutoff minutes' },
  returnFee: { id: 'admin.settings.returnFee', defaultMessage: 'Opłata za zwrot (%)', description: 'Setting: return fee percent' },
  stampsPerReward: { id: 'admin.settings.stampsPerReward', defaultMessage: 'Pieczątki na nagrodę', description: 'Setting: stamps per reward' },
  rewardValue: { id: 'admin.settings.rewardValue', defaultMessage: 'Wartość nagrody (zł)', description: 'Setting: reward coupon value' },
});
