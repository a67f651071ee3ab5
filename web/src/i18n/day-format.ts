// Days as the complaint screens write them (issue 39): never ISO. Polish `28.02.2027`, English
// `28 Feb 2027` (day, short month, year, as a British reader expects), a moment with its Warsaw time
// after a comma. A plain day (`YYYY-MM-DD`, a deadline) is that day wherever the reader is.
import { useMemo } from 'react';
import { useIntl } from 'react-intl';

import { TIME_ZONE } from './format';

const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface DayFormat {
  /** A day (`YYYY-MM-DD`) or a moment's Warsaw day: "28.02.2027" / "28 Feb 2027". */
  day: (value: string) => string;
  /** A moment's Warsaw day and time: "28.02.2027, 14:05" / "28 Feb 2027, 14:05". */
  dayTime: (instant: string) => string;
}

export function createDayFormat(locale: string): DayFormat {
  const english = locale.toLowerCase().startsWith('en');
  const days = new Intl.DateTimeFormat(english ? 'en-GB' : 'pl-PL', {
    timeZone: TIME_ZONE,
    ...(english ? { day: 'numeric', month: 'short', year: 'numeric' } : { day: '2-digit', month: '2-digit', year: 'numeric' }),
  });
  const times = new Intl.DateTimeFormat('pl-PL', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const instant = (value: string) => new Date(PLAIN_DAY.test(value) ? `${value}T12:00:00Z` : value);
  return {
    day: (value) => days.format(instant(value)),
    dayTime: (value) => `${days.format(instant(value))}, ${times.format(instant(value))}`,
  };
}

/** The page's language's day format. */
export function useDayFormat(): DayFormat {
  const { locale } = useIntl();
  return useMemo(() => createDayFormat(locale), [locale]);
}
