// /odwolany-kurs/{token} (/en/disrupted-course/{token}): the page the e-mail about a cancelled or
// late course links to. It says what happened and why, then offers the choice (another course of the
// route at no extra cost, or a full refund) while it is open, or shows the choice made, or that the
// time to choose has passed. A bad link is told in words, with what to do.
import { defineMessages, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';

import { useFormatters } from '@/i18n/format';
import { useLocalizedPath } from '@/i18n/use-locale';
import { isApiError } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { Page } from '@/shared/ui/page';

import { useDisruptionOffer, type DisruptionOffer } from '../api/get-disruption-offer';

import { DisruptionChoice } from './disruption-choice';
import { texts, values } from './disruption-messages';
import './disruption.css';

const titles = defineMessages({
  page: { id: 'disruption.pageTitle', defaultMessage: 'Zmiana w kursie', description: 'Title while the page loads' },
});

export function DisruptionPage() {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const { token = '' } = useParams();
  const offer = useDisruptionOffer(token);
  if (offer.isPending) {
    return (
      <Page title={intl.formatMessage(titles.page)} width="narrow">
        <p role="status">{intl.formatMessage(texts.loading)}</p>
      </Page>
    );
  }
  if (offer.isError) {
    const invalid = isApiError(offer.error) && offer.error.status === 404;
    return (
      <Page title={intl.formatMessage(invalid ? texts.invalidTitle : texts.failedTitle)} width="narrow">
        <p role="alert">{intl.formatMessage(invalid ? texts.invalidText : texts.failedText)}</p>
        {invalid ? (
          <Link to={localized('/')}>{intl.formatMessage(texts.home)}</Link>
        ) : (
          <Button variant="secondary" onClick={() => void offer.refetch()}>
            {intl.formatMessage(texts.retry)}
          </Button>
        )}
      </Page>
    );
  }
  const data = offer.data;
  const title =
    data.status === 'cancelled' ? intl.formatMessage(texts.cancelledTitle) : intl.formatMessage(values.delayedTitle, { minutes: data.delay_minutes ?? 0 });
  return (
    <Page title={title} width="narrow">
      <div className="disruption">
        <OfferFacts offer={data} />
        {data.chosen ? (
          <ChosenResult offer={data} />
        ) : data.choice_open ? (
          <DisruptionChoice token={token} offer={data} />
        ) : (
          <p className="disruption__note">{intl.formatMessage(data.status === 'delayed' && (data.delay_minutes ?? 0) < 120 ? texts.shortDelay : texts.closed)}</p>
        )}
      </div>
    </Page>
  );
}

function OfferFacts({ offer }: { offer: DisruptionOffer }) {
  const intl = useIntl();
  const { date, time } = useFormatters();
  const facts: [string, string][] = [
    [intl.formatMessage(texts.reason), offer.reason],
    [intl.formatMessage(texts.route), offer.course.route_name],
    [intl.formatMessage(texts.stretch), intl.formatMessage(values.stretch, { from: offer.course.from_name, to: offer.course.to_name })],
    [intl.formatMessage(texts.departure), intl.formatMessage(values.at, { date: date(offer.course.departure_at, 'full'), time: time(offer.course.departure_at) })],
    [intl.formatMessage(texts.order), offer.order_number],
    [intl.formatMessage(texts.tickets), String(offer.tickets)],
  ];
  return (
    <dl className="disruption__facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The choice made (here, by the office, or automatically at the departure). */
function ChosenResult({ offer }: { offer: DisruptionOffer }) {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const { date, time, money } = useFormatters();
  const chosen = offer.chosen;
  if (!chosen) return null;
  const amount = money(chosen.refund_amount ?? offer.refund_amount);
  return (
    <section className="disruption__result" aria-labelledby="disruption-result">
      <h2 id="disruption-result">{intl.formatMessage(texts.resultTitle)}</h2>
      {chosen.choice === 'move' && chosen.to_course ? (
        <>
          <p role="status" className="disruption__outcome">
            {intl.formatMessage(values.moved, { date: date(chosen.to_course.departure_at, 'full'), time: time(chosen.to_course.departure_at) })}
          </p>
          <p>{intl.formatMessage(texts.movedNote)}</p>
          <Link to={localized('/user/your-tickets')}>{intl.formatMessage(texts.myTickets)}</Link>
        </>
      ) : (
        <p role="status" className="disruption__outcome">
          {intl.formatMessage(chosen.by === 'automatic' ? values.refundedAutomatic : values.refunded, { amount })}
        </p>
      )}
    </section>
  );
}
