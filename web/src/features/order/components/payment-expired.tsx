// The payment page of a reservation whose time ran out (issue #30, 4): it says only that, with no
// "saved", no amount to pay and no payment link, and offers the same connection again: the results
// of the search that found its courses, with the form filled in.
import { defineMessages, useIntl } from 'react-intl';

import { useLocalizedPath } from '@/i18n/use-locale';
import { ButtonLink } from '@/shared/ui/button';

import type { BookingCourse } from '../stores/booking-store';
import { legOfCourse } from '../utils/legs';
import { searchAgainPath } from '../utils/search-again';

import { TripSummary } from './trip-summary';

const expiredMessages = defineMessages({
  text: {
    id: 'order.payment.expiredText',
    defaultMessage: 'Czas na płatność minął, a miejsca wróciły do sprzedaży. Jeśli pieniądze zostały pobrane, zwrócimy je.',
    description: 'Text of the payment page once the reservation expired unpaid',
  },
  searchAgain: {
    id: 'order.payment.searchAgain',
    defaultMessage: 'Wyszukaj to połączenie ponownie',
    description: 'Link to the results of the same search (stops and dates) after the reservation expired',
  },
  search: { id: 'order.payment.expiredSearch', defaultMessage: 'Wyszukaj połączenie', description: 'Link to the search (the courses are not known)' },
});

interface ExpiredProps {
  /** The page's title ("Rezerwacja wygasła"), also its heading. */
  title: string;
  /** What happened, when not that the time ran out (a reservation the customer cancelled). */
  text?: string;
  course: BookingCourse | null;
  courseReturn: BookingCourse | null;
}

/** The reservation expired: what it was for, and the way to search the same connection again. */
export function ExpiredReservation({ title, text, course, courseReturn }: ExpiredProps) {
  const intl = useIntl();
  const localized = useLocalizedPath();
  return (
    <section className="order-page payment-page" aria-labelledby="payment-title">
      <h1 id="payment-title">{title}</h1>
      <p className="order-alert" role="alert">
        {text ?? intl.formatMessage(expiredMessages.text)}
      </p>
      {course ? (
        <>
          <TripSummary outbound={legOfCourse(course)} back={courseReturn ? legOfCourse(courseReturn) : null} />
          <ButtonLink to={localized(searchAgainPath(course, courseReturn))}>{intl.formatMessage(expiredMessages.searchAgain)}</ButtonLink>
        </>
      ) : (
        <ButtonLink to={localized('/')}>{intl.formatMessage(expiredMessages.search)}</ButtonLink>
      )}
    </section>
  );
}
