// "Kurs odjechał": the driver marks the chosen course as having left its first stop (issue 39). The
// server keeps the first mark; a course not marked 20 minutes after its time (and its announced delay)
// alerts the office, which should then announce a delay. Once marked the page says when it left.
import { useMutation } from '@tanstack/react-query';
import { defineMessages, useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import { isApiError } from '@/shared/api/api-error';
import { serverMessage } from '@/shared/api/server-messages';
import { Button } from '@/shared/ui/button';

import { markDeparted } from '../api/driver-api';
import { useDriverStore } from '../stores/driver-store';

const texts = defineMessages({
  departed: { id: 'driver.departed.button', defaultMessage: 'Kurs odjechał', description: 'Button: mark the course as having left its first stop' },
  sending: { id: 'driver.departed.sending', defaultMessage: 'Zapisuję odjazd…', description: 'While the departure is sent' },
  failed: {
    id: 'driver.departed.failed',
    defaultMessage: 'Nie udało się zapisać odjazdu. Sprawdź połączenie i spróbuj ponownie.',
    description: 'The departure could not be sent (network, server)',
  },
});

const values = defineMessages<{ at: { time: string } }>({
  at: { id: 'driver.departed.at', defaultMessage: 'Odjazd: {time}', description: 'When the course left (its time, HH:MM)' },
});

export function CourseDeparted({ courseId }: { courseId: string }) {
  const intl = useIntl();
  const { time } = useFormatters();
  const departedAt = useDriverStore((state) => state.departed[courseId] ?? null);
  const remember = useDriverStore((state) => state.markDeparted);
  const mark = useMutation({
    mutationFn: () => markDeparted(courseId),
    onSuccess: (answer) => remember(answer.course_id, answer.departed_at),
  });
  if (departedAt) {
    return (
      <p className="driver-departed" role="status">
        {intl.formatMessage(values.at, { time: time(departedAt) })}
      </p>
    );
  }
  const error = mark.error;
  return (
    <div className="driver-departed">
      <Button disabled={mark.isPending} onClick={() => mark.mutate()}>
        {intl.formatMessage(mark.isPending ? texts.sending : texts.departed)}
      </Button>
      {error ? (
        <p className="driver-note driver-note--bad" role="alert">
          {isApiError(error) && error.status >= 400 && error.status < 500 ? serverMessage(intl, error) : intl.formatMessage(texts.failed)}
        </p>
      ) : null}
    </div>
  );
}
