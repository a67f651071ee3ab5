import { defineMessages } from 'react-intl';

import type { Option } from '../lib/area';

/** The invoice screens' texts. */
export const invoiceTexts = defineMessages({
  number: { id: 'admin.invoice.number', defaultMessage: 'Numer', description: 'Column: invoice number' },
  kind: { id: 'admin.invoice.kind', defaultMessage: 'Rodzaj', description: 'Column: VAT or KOR' },
  kindVat: { id: 'admin.invoice.kindVat', defaultMessage: 'Faktura VAT', description: 'Kind: invoice' },
  kindKor: { id: 'admin.invoice.kindKor', defaultMessage: 'Faktura korygująca', description: 'Kind: correction' },
  issuedAt: { id: 'admin.invoice.issuedAt', defaultMessage: 'Wystawiona', description: 'Column: issue time' },
  issueDate: { id: 'admin.invoice.issueDate', defaultMessage: 'Data wystawienia', description: 'Column: issue date' },
  saleDate: { id: 'admin.invoice.saleDate', defaultMessage: 'Data sprzedaży', description: 'Column: sale date' },
  buyer: { id: 'admin.invoice.buyer', defaultMessage: 'Nabywca', description: 'Column: buyer' },
  taxId: { id: 'admin.invoice.taxId', defaultMessage: 'NIP', description: 'Column: buyer\'s tax number' },
  net: { id: 'admin.invoice.net', defaultMessage: 'Netto', description: 'Column: net' },
  vat: { id: 'admin.invoice.vat', defaultMessage: 'VAT', description: 'Column: VAT' },
  gross: { id: 'admin.invoice.gross', defaultMessage: 'Brutto', description: 'Column: gross' },
  corrects: { id: 'admin.invoice.corrects', defaultMessage: 'Koryguje', description: 'Column: the corrected invoice' },
  issuedFrom: { id: 'admin.invoice.issuedFrom', defaultMessage: 'Wystawione od', description: 'Filter: issued on or after' },
  issuedTo: { id: 'admin.invoice.issuedTo', defaultMessage: 'Wystawione do', description: 'Filter: issued on or before' },
  register: { id: 'admin.invoice.register', defaultMessage: 'Rejestr faktur', description: 'Link and title: the register of a period' },
  registerNote: { id: 'admin.invoice.registerNote', defaultMessage: 'Rejestr faktur i korekt wystawionych w okresie, według stanu na wybrany dzień.', description: 'Note on the register page' },
  registerPeriod: { id: 'admin.invoice.registerPeriod', defaultMessage: 'Okres rejestru', description: 'Accessible name of the register form' },
  from: { id: 'admin.invoice.from', defaultMessage: 'Od dnia', description: 'Field: first day of the period' },
  to: { id: 'admin.invoice.to', defaultMessage: 'Do dnia', description: 'Field: last day of the period' },
  asOf: { id: 'admin.invoice.asOf', defaultMessage: 'Według stanu na', description: 'Field: the day the books are read as of' },
  showRegister: { id: 'admin.invoice.showRegister', defaultMessage: 'Pokaż rejestr', description: 'Button: show the register' },
  registerEmpty: { id: 'admin.invoice.registerEmpty', defaultMessage: 'W tym okresie nie wystawiono faktur.', description: 'Empty register' },
  totals: { id: 'admin.invoice.totals', defaultMessage: 'Razem', description: 'Row: the register\'s totals' },
  document: { id: 'admin.invoice.document', defaultMessage: 'Dokument', description: 'Heading: the invoice\'s fields' },
  reason: { id: 'admin.invoice.reason', defaultMessage: 'Powód korekty', description: 'Field: why corrected' },
  order: { id: 'admin.invoice.order', defaultMessage: 'Zamówienie', description: 'Field: the order' },
  files: { id: 'admin.invoice.files', defaultMessage: 'Pliki', description: 'Field: PDF and FA(3)' },
  corrections: { id: 'admin.invoice.corrections', defaultMessage: 'Korekty tej faktury', description: 'Heading: corrections' },
  noCorrections: { id: 'admin.invoice.noCorrections', defaultMessage: 'Brak korekt.', description: 'No corrections' },
});

export const invoiceValues = defineMessages<{ title: { number: string }; correctionTitle: { number: string }; correctionOf: { date: string; gross: string }; registerCaption: { from: string; to: string; as_of: string } }>({
  title: { id: 'admin.invoice.title', defaultMessage: 'Faktura {number}', description: 'Title of an invoice page' },
  correctionTitle: { id: 'admin.invoice.correctionTitle', defaultMessage: 'Korekta {number}', description: 'Title of a correction invoice page' },
  correctionOf: { id: 'admin.invoice.correctionOf', defaultMessage: '{date} · {gross}', description: 'A correction of an invoice: when and how much' },
  registerCaption: { id: 'admin.invoice.registerCaption', defaultMessage: 'Rejestr faktur od {from} do {to}', description: 'Caption of the register table' },
});

export const INVOICE_KINDS: Option[] = [
  { value: 'VAT', label: invoiceTexts.kindVat },
  { value: 'KOR', label: invoiceTexts.kindKor },
];
