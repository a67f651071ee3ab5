// The server's own texts the panel shows (an order's history, a refund's or a correction's reason), in the
// panel's language. The history comes in both languages, but words the server makes of its data are left
// in one: the reasons it writes in Polish ("Zwrot biletu NK-…", also inside the English history), who
// chose on a disrupted course ("(office)", also inside the Polish history), and dates and times written
// as ISO ("2026-12-05 07:10"). The known patterns are said here in the panel's language and dates the
// panel's way; anything else (an admin's own words) is shown as written.
import type { IntlShape } from 'react-intl';

import { createFormatters } from '@/i18n/format';

/** The reasons the server writes in Polish, in English: most specific first. */
const ENGLISH_REASONS: [RegExp, string][] = [
  [/Zwrot biletu (NK-[\w-]+)/g, 'Ticket $1 returned'],
  [/Zmiana kursu biletu (NK-[\w-]+)/g, 'Ticket $1 moved to another course'],
  [/Zmiana kursu, bilet (NK-[\w-]+)/g, 'Ticket $1 moved to another course'],
  [/Anulowanie zamówienia: /g, 'Order cancelled: '],
  [/Anulowanie zamówienia (NB-[\w-]+)/g, 'Order $1 cancelled'],
  [/Anulowanie zamówienia/g, 'Order cancelled'],
  [/Zwrot płatności (NB-[\w-]+)/g, 'Late payment for order $1 refunded'],
  [/Odszkodowanie, zamówienie (NB-[\w-]+)/g, 'Compensation, order $1'],
  [/Zmiana danych nabywcy: /g, "Buyer's details changed: "],
  [/Kurs odwołany: /g, 'Course cancelled: '],
  [/Klient poprosił o fakturę/g, 'The customer asked for an invoice'],
];

/** The server's English words inside the Polish history, in Polish. */
const POLISH_WORDS: [RegExp, string][] = [[/the placement was interrupted/g, 'proces składania został przerwany']];

/** Who chose on a disrupted course (`(office)`, `(passenger)`, `(automatic)`), in each language. */
const CHOSEN_BY: Record<'pl' | 'en', Record<string, string>> = {
  pl: { office: '(wybór biura)', passenger: '(wybór pasażera)', automatic: '(automatycznie)' },
  en: { office: "(the office's choice)", passenger: "(the passenger's choice)", automatic: '(automatically)' },
};

/** A Warsaw wall-clock time written `YYYY-MM-DD HH:MM`, or a whole instant, or a day alone. */
const INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})/g;
const WALL_TIME = /\b(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})\b/g;
const DAY = /\b(\d{4})-(\d{2})-(\d{2})\b/g;

/** The dates and times of `text` the panel's way ("05.12.2026, 07:10" / "05/12/2026, 07:10"). */
function datesOf(text: string, intl: IntlShape): string {
  const { dateTime, day } = createFormatters(intl);
  return text
    .replace(INSTANT, (instant) => (Number.isNaN(Date.parse(instant)) ? instant : dateTime(instant)))
    .replace(WALL_TIME, (written, year: string, month: string, date: string, hour: string, minute: string) => {
      // Already Warsaw time: shown as written, only in the panel's format.
      const wall = new Date(Date.UTC(Number(year), Number(month) - 1, Number(date), Number(hour), Number(minute)));
      if (Number.isNaN(wall.getTime())) return written;
      return intl.formatDate(wall, { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    })
    .replace(DAY, (written) => (Number.isNaN(Date.parse(written)) ? written : day(written, 'short')));
}

/** A text the server wrote (a history entry, a reason) in the panel's language, its dates the panel's way. */
export function serverWords(text: string, intl: IntlShape): string {
  const english = intl.locale.startsWith('en');
  let said = text;
  for (const [pattern, words] of english ? ENGLISH_REASONS : POLISH_WORDS) said = said.replace(pattern, words);
  const chosenBy = CHOSEN_BY[english ? 'en' : 'pl'];
  said = said.replace(/\((office|passenger|automatic)\)/g, (written, who: string) => chosenBy[who] ?? written);
  return datesOf(said, intl);
}
