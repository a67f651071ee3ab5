// /odwolany-kurs/{token} (/en/disrupted-course/{token}): the page the e-mail about a cancelled or
// late course links to. It says what happened and why (a cancellation from a stop onward too, a late
// course's expected departure, or that a delay was withdrawn), then offers the choice (another course
// serving the same two stops at no extra cost, or a full refund) until its deadline, or shows the
// choice made, or that the time to choose has passed; then the compensation owed or paid, and the
// passenger's rights under EU Regulation 181/2011 with the links to the rights page and the complaint
// form (issue 39). A guest sees the outcome here: nothing sends them to pages that need an account.
// "Inny termin" reads the alternatives again from a day the passenger picks (a later journey of their
// choosing, on any line serving the same two stops). A bad link is told in words, with what to do. An
// order never paid (cancelled with its course) is told just that: nothing to refund, nothing to choose.
import { useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';

import { useFormatters } from '@/i18n/format';
import { useLocalizedPath } from '@/i18n/use-locale';
import { isApiError } from '@/shared/api/api-error';
import { shortDateTime } from '@/shared/lib/passenger-paths';
import { selectIsLoggedIn, useAuthStore } from '@/shared/stores/auth-store';
import { Button } from '@/shared/ui/button';
import { Page } from '@/shared/ui/page';
import { PassengerLinks } from '@/shared/ui/passenger-links';

import { useDisruptionOffer, type DisruptionOffer } from '../api/get-disruption-offer';
import { neverPaid } from '../utils/never-paid';

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
  // The day the alternatives start from (`null`: the disrupted journey's day, as the server chooses).
  const [date, setDate] = useState<string | null>(null);
  const offer = useDisruptionOffer(token, date);
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
  // An order never paid: nothing to refund and nothing to choose, whatever the disruption.
  const unpaid = neverPaid(data);
  const title =
    data.status === 'cancelled'
      ? intl.formatMessage(texts.cancelledTitle)
      : data.status === 'on_time'
        ? intl.formatMessage(texts.onTimeTitle)
        : intl.formatMessage(values.delayedTitle, { minutes: data.delay_minutes ?? 0 });
  return (
    <Page title={title} width="narrow">
      <div className="disruption">
        {data.status === 'cancelled' && data.partly ? <p className="disruption__lead">{intl.formatMessage(texts.partlyNote)}</p> : null}
        {data.status === 'on_time' ? <p className="disruption__lead">{intl.formatMessage(texts.onTimeNote)}</p> : null}
        <OfferFacts offer={data} unpaid={unpaid} />
        {unpaid ? (
          <p role="status" className="disruption__outcome">
            {intl.formatMessage(data.status === 'cancelled' ? values.unpaidCancelled : values.unpaid, { number: data.order_number })}
          </p>
        ) : data.chosen ? (
          <ChosenResult offer={data} />
        ) : data.choice_open ? (
          <DisruptionChoice token={token} offer={data} date={date} onDate={setDate} loadingDay={offer.isPlaceholderData && offer.isFetching} />
        ) : data.status === 'on_time' ? null : (
          <p className="disruption__note">{intl.formatMessage(closedText(data))}</p>
        )}
        <Compensation offer={data} />
        <Rights offer={data} />
      </div>
    </Page>
  );
}

/** Why nothing can be chosen: a short delay offers no choice; otherwise its time has passed (a
 * cancellation's tickets are then refunded in full, a late course's stay valid: no refund for a delay). */
function closedText(offer: DisruptionOffer) {
  if (offer.status === 'cancelled') return texts.closed;
  return offer.deadline ? texts.closedDelayed : texts.shortDelay;
}

/** What happened to which journey; an order never paid has no tickets to count. */
function OfferFacts({ offer, unpaid }: { offer: DisruptionOffer; unpaid: boolean }) {
  const intl = useIntl();
  const format = useFormatters();
  const { date, time } = format;
  const expected = offer.status === 'delayed' ? (offer.expected_departure_at ?? null) : null;
  const facts: [string, string][] = [
    // A withdrawn delay has no reason left to tell.
    ...(offer.reason.trim() ? [[intl.formatMessage(texts.reason), offer.reason] as [string, string]] : []),
    [intl.formatMessage(texts.route), offer.course.route_name],
    [intl.formatMessage(texts.stretch), intl.formatMessage(values.stretch, { from: offer.course.from_name, to: offer.course.to_name })],
    [intl.formatMessage(texts.departure), intl.formatMessage(values.at, { date: date(offer.course.departure_at, 'full'), time: time(offer.course.departure_at) })],
    ...(expected ? [[intl.formatMessage(texts.expected), shortDateTime(format, expected)] as [string, string]] : []),
    [intl.formatMessage(texts.order), offer.order_number],
    ...(unpaid ? [] : [[intl.formatMessage(texts.tickets), String(offer.tickets)] as [string, string]]),
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

/** The choice made (here, by the office, or automatically when a cancellation's time to choose ended). */
function ChosenResult({ offer }: { offer: DisruptionOffer }) {
  const intl = useIntl();
  const localized = useLocalizedPath();
  const loggedIn = useAuthStore(selectIsLoggedIn);
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
          {/* A guest has no account: the e-mail and this page are where they read it. */}
          {loggedIn ? <Link to={localized('/user/your-tickets')}>{intl.formatMessage(texts.myTickets)}</Link> : null}
        </>
      ) : (
        <>
          <p role="status" className="disruption__outcome">
            {intl.formatMessage(chosen.by === 'automatic' ? values.refundedAutomatic : values.refunded, { amount })}
          </p>
          {offer.includes_return ? <p>{intl.formatMessage(texts.includesReturn)}</p> : null}
        </>
      )}
    </section>
  );
}

/** The compensation of art. 19(2) (the choice came after the scheduled departure): owed, or paid. */
function Compensation({ offer }: { offer: DisruptionOffer }) {
  const intl = useIntl();
  const format = useFormatters();
  const owed = offer.compensation_owed ?? null;
  const paidAt = offer.compensation_paid_at ?? null;
  let text: string | null = null;
  if (paidAt && owed !== null) text = intl.formatMessage(values.compensationPaid, { amount: format.money(owed), date: shortDateTime(format, paidAt) });
  else if (paidAt) text = intl.formatMessage(values.compensationPaidAt, { date: shortDateTime(format, paidAt) });
  else if (owed !== null && owed > 0) text = intl.formatMessage(values.compensationOwed, { amount: format.money(owed) });
  return text ? <p className="disruption__compensation">{text}</p> : null;
}

/** Which rights of EU Regulation 181/2011 the journey carries, and where to read them or complain. */
function Rights({ offer }: { offer: DisruptionOffer }) {
  const intl = useIntl();
  const { statutory, assistance } = offer.rights;
  const note = statutory ? (assistance ? texts.rightsAssistance : texts.rightsStatutory) : texts.rightsBasic;
  return (
    <section className="disruption__rights" aria-labelledby="disruption-rights">
      <h2 id="disruption-rights">{intl.formatMessage(texts.rightsTitle)}</h2>
      <p>{intl.formatMessage(note)}</p>
      <PassengerLinks />
    </section>
  );
}
