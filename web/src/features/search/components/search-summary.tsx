// The search above its results, folded into one line on a phone (issue #30, 9): the trip and its
// days, and "change" to open the form again (the stops are in the results' headings just below). Without it a phone showed the whole form again at the
// top of the results, and the connections found began some 500 px down. From tablets up the form
// stays open beside nothing else (search.css shows this line on narrow screens only).
import { defineMessages, useIntl } from 'react-intl';

import { TIME_ZONE } from '@/i18n/format';
import { Button } from '@/shared/ui/button';

import type { SearchInput } from '../api/search-connections';

const messages = defineMessages({
  change: { id: 'search.summary.change', defaultMessage: 'Zmień', description: 'Button that opens the folded search form above the results' },
  changeLabel: {
    id: 'search.summary.changeLabel',
    defaultMessage: 'Zmień wyszukiwanie',
    description: 'Accessible name of the "change" button of the folded search (starts with its visible text)',
  },
});

const valueMessages = defineMessages<{ oneWay: { date: string }; roundTrip: { date: string; dateBack: string } }>({
  oneWay: {
    id: 'search.summary.oneWay',
    defaultMessage: 'W jedną stronę, {date}',
    description: 'The folded search of a one-way trip: its day, e.g. "W jedną stronę, 3 gru"',
  },
  roundTrip: {
    id: 'search.summary.roundTrip',
    defaultMessage: 'W obie strony, {date} – {dateBack}',
    description: 'The folded search of a round trip: the day there and the day back',
  },
});

interface SearchSummaryProps {
  input: SearchInput;
  /** The id of the form this line stands for (aria-controls). */
  formId: string;
  onChange: () => void;
}

/** One line: what was searched, and "change". */
export function SearchSummary({ input, formId, onChange }: SearchSummaryProps) {
  const intl = useIntl();
  // A short day ("3 gru" / "3 Dec"): the line must fit a phone's width (the weekday is in the
  // results' headings just below).
  const day = (isoDay: string) => intl.formatDate(new Date(`${isoDay}T12:00:00Z`), { timeZone: TIME_ZONE, day: 'numeric', month: 'short' });
  const text =
    input.tripMode === 'round_trip'
      ? intl.formatMessage(valueMessages.roundTrip, { date: day(input.date), dateBack: day(input.dateBack ?? input.date) })
      : intl.formatMessage(valueMessages.oneWay, { date: day(input.date) });
  return (
    <div className="search-summary">
      <p className="search-summary__text">{text}</p>
      <Button
        variant="secondary"
        className="search-summary__change"
        aria-label={intl.formatMessage(messages.changeLabel)}
        aria-expanded={false}
        aria-controls={formId}
        onClick={onChange}
      >
        {intl.formatMessage(messages.change)}
      </Button>
    </div>
  );
}
