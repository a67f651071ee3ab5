// Money, dates and times for the active locale
// (docs/conventions.md, 'Amounts are shown in the locale's format'): amounts are grosz,
// shown in the locale's currency format ("39,00 zł" / "PLN 39.00"); course times are Europe/Warsaw
// local times, whatever the visitor's own time zone. The API's `*_formatted` strings are Polish, so
// screens format the numbers themselves.
import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';

/** The carrier's time zone: every date and time on the site is shown in it. */
export const TIME_ZONE = 'Europe/Warsaw';

/** `YYYY-MM-DD` of a moment in Warsaw (one formatter with the API's date-times). */
export { warsawDate } from '@/shared/lib/warsaw-time';

/** Noon UTC of a `YYYY-MM-DD` day: formatting it in Warsaw always gives that day. */
function dayInstant(isoDay: string): Date {
  return new Date(`${isoDay}T12:00:00Z`);
}

export interface Formatters {
  /** Grosz as the locale's currency: 3900 -> "39,00 zł" / "PLN 39.00". */
  money: (grosz: number) => string;
  /** An instant's Warsaw time: "07:30". */
  time: (instant: string | Date) => string;
  /** An instant's Warsaw date: "12 lipca 2026" (`long`) or "12.07.2026" (`short`). */
  date: (instant: string | Date, style?: 'long' | 'short' | 'full') => string;
  /** A calendar day (`YYYY-MM-DD`, no time): "sobota, 12 lipca 2026" (`full`). */
  day: (isoDay: string, style?: 'long' | 'short' | 'full') => string;
  /** An instant's Warsaw date and time: "12.07.2026, 07:30". */
  dateTime: (instant: string | Date) => string;
}

export function createFormatters(intl: IntlShape): Formatters {
  const dateOptions = (style: 'long' | 'short' | 'full') =>
    style === 'short'
      ? ({ day: '2-digit', month: '2-digit', year: 'numeric' } as const)
      : style === 'full'
        ? ({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const)
        : ({ day: 'numeric', month: 'long', year: 'numeric' } as const);
  return {
    money: (grosz) => intl.formatNumber(grosz / 100, { style: 'currency', currency: 'PLN' }),
    // Timetables use the 24-hour clock in both languages.
    time: (instant) =>
      intl.formatTime(instant, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    date: (instant, style = 'long') => intl.formatDate(instant, { timeZone: TIME_ZONE, ...dateOptions(style) }),
    day: (isoDay, style = 'long') => intl.formatDate(dayInstant(isoDay), { timeZone: TIME_ZONE, ...dateOptions(style) }),
    dateTime: (instant) =>
      intl.formatDate(instant, {
        timeZone: TIME_ZONE,
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }),
  };
}

/** The formatters of the active locale. */
export function useFormatters(): Formatters {
  const intl = useIntl();
  return useMemo(() => createFormatters(intl), [intl]);
}
