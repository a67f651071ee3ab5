// The sentences of the till's and the finance month's codes (docs/errors.md: `till.*`, `jpk.*`), in the
// site's catalogue; which code takes which is the one table of codes (server-code-texts.ts). The register of
// VAT payers' codes (`nip.*`) are in code-texts-nip.ts, which the forms' "fill in from the VAT register"
// button says itself.
import { defineMessages } from 'react-intl';

export const financeTexts = defineMessages({
  tillAlreadyPaidOut: {
    id: 'server.code.till.already_paid_out',
    defaultMessage: 'Ten zwrot został już wypłacony.',
    description: 'Server code till.already_paid_out (409): the refund was paid out already',
  },
  tillDayClosed: {
    id: 'server.code.till.day_closed',
    defaultMessage: 'Ten dzień kasy jest już zamknięty: nie można go zamknąć drugi raz ani dopisać do niego wpłaty lub wypłaty.',
    description: 'Server code till.day_closed (409): the day is closed already (a second close, or a movement on a closed day)',
  },
  tillFutureDay: {
    id: 'server.code.till.future_day',
    defaultMessage: 'Ten dzień jeszcze się nie zaczął.',
    description: 'Server code till.future_day (422): the day has not begun yet (field day)',
  },
  tillNegativeCount: {
    id: 'server.code.till.negative_count',
    defaultMessage: 'Policzona gotówka nie może być ujemna.',
    description: 'Server code till.negative_count (422): the counted cash is negative (field counted_cash)',
  },
  tillNotAtTheDesk: {
    id: 'server.code.till.not_at_the_desk',
    defaultMessage: 'Ten zwrot wraca przez bramkę płatności, nie w kasie.',
    description: 'Server code till.not_at_the_desk (422): the refund goes back through the payment gateway (field refund_id)',
  },
  tillNothingToPay: {
    id: 'server.code.till.nothing_to_pay',
    defaultMessage: 'Nie ma nic do wypłacenia.',
    description: 'Server code till.nothing_to_pay (422): there is nothing to pay out (field refund_id)',
  },
  tillReasonRequired: {
    id: 'server.code.till.reason_required',
    defaultMessage: 'Podaj powód (od 3 do 300 znaków).',
    description: 'Server code till.reason_required (422): a reason of 3 to 300 characters is required (cash in or out, a count that differs)',
  },
  tillZReportInvalid: {
    id: 'server.code.till.z_report_invalid',
    defaultMessage: 'Numer raportu dobowego (Z) może mieć najwyżej 30 znaków: litery bez polskich znaków, cyfry, spacje, „/”, „-” i „.”.',
    description: "Server code till.z_report_invalid (422): the Z report number has at most 30 letters, digits, '/', '-' or '.'",
  },
  tillZReportRequired: {
    id: 'server.code.till.z_report_required',
    defaultMessage: 'Wpisz numer raportu dobowego (Z) z drukarki fiskalnej.',
    description: "Server code till.z_report_required (422): the fiscal printer's daily (Z) report number is required",
  },
  tillZeroAmount: {
    id: 'server.code.till.zero_amount',
    defaultMessage: 'Kwota nie może być zerowa.',
    description: 'Server code till.zero_amount (422): the amount must not be zero (field amount)',
  },
  jpkCompanyIncomplete: {
    id: 'server.code.jpk.company_incomplete',
    defaultMessage: 'W ustawieniach firmy brakuje NIP-u, nazwy albo adresu e-mail, które plik JPK musi podać. Uzupełnij je w „Ustawieniach firmy”.',
    description: "Server code jpk.company_incomplete (409): the company's settings lack its NIP, name or e-mail",
  },
  jpkMonthBeforeSchema: {
    id: 'server.code.jpk.month_before_schema',
    defaultMessage: 'JPK_V7M(3) obejmuje miesiące od lutego 2026.',
    description: 'Server code jpk.month_before_schema (422): JPK_V7M(3) covers months from February 2026 (field month)',
  },
  jpkMonthInFuture: {
    id: 'server.code.jpk.month_in_future',
    defaultMessage: 'Ten miesiąc jeszcze się nie zaczął.',
    description: 'Server code jpk.month_in_future (422): the month has not begun yet (field month)',
  },
  jpkTaxOfficeUnknown: {
    id: 'server.code.jpk.tax_office_unknown',
    defaultMessage: 'Nie ma urzędu skarbowego o tym kodzie. Wpisz czterocyfrowy kod urzędu (np. 1471).',
    description: 'Server code jpk.tax_office_unknown (422): no tax office has this code in the schema (field tax_office)',
  },
});
