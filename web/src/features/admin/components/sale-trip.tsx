// The trip of a sale at the office: route, boarding and final stop, day, the course (found by the
// customer site's own connection search, so the office sells exactly what the site would), an
// optional way back, and the passengers with a discount per line; a sale of several seats asks each
// passenger's name (printed on their ticket), as the customer's order form does.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useIntl } from 'react-intl';

import { useFormatters } from '@/i18n/format';
import type { ApiSchema } from '@/shared/api/schema';
import { Button } from '@/shared/ui/button';

import { ADMIN_KEY, useAllOf } from '../api/admin-data';
import { useRouteOptions } from '../hooks/use-route-options';
import { useSaleServices, type Connection, type SaleSearch } from '../lib/sale-services';
import { asksNames, emptyLine, lineSeats, tripSearch, type SaleLine, type SaleTrip } from '../lib/sale-trip';
import { common } from '../messages/common-messages';
import { orderTexts, orderValues } from '../messages/order-messages';
import { saleNameTexts, saleNameValues } from '../messages/sale-name-messages';

import { OptionLabel } from './option-label';

interface SaleTripProps {
  trip: SaleTrip;
  onChange: (trip: SaleTrip) => void;
}

type RouteStop = ApiSchema<'RouteWaypoint'>;

/** The names of one line's passengers, a field per seat; an empty one travels under the buyer's name. */
function PassengerNames({ line, index, onChange }: { line: SaleLine; index: number; onChange: (passengers: string[]) => void }) {
  const intl = useIntl();
  const id = useId();
  const seats = lineSeats(line);
  if (seats === 0) return null;
  return (
    <fieldset className="admin-sale-names">
      <legend className="form-field__label">{intl.formatMessage(saleNameValues.legend, { line: index + 1 })}</legend>
      <p id={`${id}-hint`} className="form-field__hint">{intl.formatMessage(saleNameTexts.hint)}</p>
      <div className="admin-sale-names__fields">
        {Array.from({ length: seats }, (_, seat) => (
          <div key={seat} className="form-field">
            <label htmlFor={`${id}-${seat}`} className="form-field__label">
              {intl.formatMessage(saleNameValues.passenger, { seat: seat + 1, line: index + 1 })}
            </label>
            <input
              id={`${id}-${seat}`}
              className="form-field__input"
              autoComplete="off"
              maxLength={200}
              aria-describedby={`${id}-hint`}
              value={line.passengers[seat] ?? ''}
              onChange={(event) => {
                const next = Array.from({ length: Math.max(seats, line.passengers.length) }, (_, i) => line.passengers[i] ?? '');
                next[seat] = event.target.value;
                onChange(next);
              }}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function CourseChoice({ name, legend, courses, chosen, onChoose }: { name: string; legend: string; courses: Connection[]; chosen: Connection | null; onChoose: (course: Connection) => void }) {
  const intl = useIntl();
  const { time, money } = useFormatters();
  return (
    <fieldset className="admin-choice">
      <legend className="form-field__label">{legend}</legend>
      {courses.length === 0 ? <p className="admin-note">{intl.formatMessage(orderTexts.noCourses)}</p> : null}
      {courses.map((course) => (
        <label key={course.course_id} className="admin-choice__option">
          <input type="radio" name={name} checked={chosen?.course_id === course.course_id} onChange={() => onChoose(course)} />
          {intl.formatMessage(orderValues.courseOption, {
            departure: time(course.departure_at),
            arrival: time(course.arrival_at),
            price: money(course.price),
            seats: course.seats_available,
          })}
        </label>
      ))}
    </fieldset>
  );
}

export function SaleTripFields({ trip, onChange }: SaleTripProps) {
  const intl = useIntl();
  const id = useId();
  const services = useSaleServices();
  const routes = useRouteOptions();
  const stops = useAllOf<RouteStop>('route/route-waypoint', { 'filter[route_id][eq]': trip.route_id, sort: 'position' }, Boolean(trip.route_id));
  const discounts = useQuery({ queryKey: [ADMIN_KEY, 'sale', 'discounts'], queryFn: () => services.getDiscounts(), staleTime: 10 * 60_000 });
  const search = tripSearch(trip);
  const found = useQuery({
    queryKey: [ADMIN_KEY, 'sale', 'search', search],
    queryFn: () => services.searchConnections(search as SaleSearch),
    enabled: search !== null,
  });
  const ofRoute = (courses: Connection[] | undefined) => (courses ?? []).filter((course) => String(course.route_id) === trip.route_id);
  // A change of route, stops or days drops the courses chosen for the earlier ones.
  const set = (changes: Partial<SaleTrip>, keepCourses = false) =>
    onChange({ ...trip, ...changes, ...(keepCourses ? {} : { course: null, back: null }) });
  const setLine = (index: number, changes: Partial<SaleLine>) =>
    onChange({ ...trip, lines: trip.lines.map((line, i) => (i === index ? { ...line, ...changes } : line)) });
  const english = intl.locale.startsWith('en');
  const names = asksNames(trip);

  return (
    <>
      <div className="admin-form__grid">
        <div className="form-field">
          <label htmlFor={`${id}-route`} className="form-field__label">{intl.formatMessage(orderTexts.route)}</label>
          <select id={`${id}-route`} className="form-field__input" value={trip.route_id} onChange={(event) => set({ route_id: event.target.value, from: '', to: '' })}>
            <option value="">{intl.formatMessage(orderTexts.chooseRoute)}</option>
            {routes.map((route) => (
              <option key={route.value} value={route.value}>
                <OptionLabel label={route.label} />
              </option>
            ))}
          </select>
        </div>
        {(['from', 'to'] as const).map((end) => (
          <div key={end} className="form-field">
            <label htmlFor={`${id}-${end}`} className="form-field__label">
              {intl.formatMessage(end === 'from' ? orderTexts.fromStop : orderTexts.toStop)}
            </label>
            <select id={`${id}-${end}`} className="form-field__input" value={trip[end]} disabled={!trip.route_id} onChange={(event) => set({ [end]: event.target.value })}>
              <option value="">{intl.formatMessage(orderTexts.chooseStop)}</option>
              {(stops.data ?? []).map((stop) => (
                <option key={stop.id} value={stop.waypoint_id}>
                  {stop.waypoint_name}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className="form-field">
          <label htmlFor={`${id}-date`} className="form-field__label">{intl.formatMessage(orderTexts.date)}</label>
          <input id={`${id}-date`} type="date" className="form-field__input" value={trip.date} onChange={(event) => set({ date: event.target.value })} />
        </div>
        <div className="form-field">
          <div className="form-check">
            <input id={`${id}-round`} type="checkbox" checked={trip.round_trip} onChange={(event) => set({ round_trip: event.target.checked })} />
            <label htmlFor={`${id}-round`}>{intl.formatMessage(orderTexts.roundTrip)}</label>
          </div>
        </div>
        {trip.round_trip ? (
          <div className="form-field">
            <label htmlFor={`${id}-back`} className="form-field__label">{intl.formatMessage(orderTexts.dateBack)}</label>
            <input id={`${id}-back`} type="date" className="form-field__input" value={trip.date_back} onChange={(event) => set({ date_back: event.target.value })} />
          </div>
        ) : null}
      </div>
      {search === null ? (
        <p className="admin-note">{intl.formatMessage(orderTexts.tripHint)}</p>
      ) : found.isPending ? (
        <p role="status">{intl.formatMessage(common.loading)}</p>
      ) : found.isError ? (
        <p className="form-field__error" role="alert">{intl.formatMessage(common.loadFailed)}</p>
      ) : (
        <div className="admin-choices">
          <CourseChoice name={`${id}-course`} legend={intl.formatMessage(orderTexts.outboundCourse)} courses={ofRoute(found.data.outbound)} chosen={trip.course} onChoose={(course) => set({ course }, true)} />
          {trip.round_trip ? (
            <CourseChoice name={`${id}-course-back`} legend={intl.formatMessage(orderTexts.backCourse)} courses={ofRoute(found.data.return)} chosen={trip.back} onChoose={(back) => set({ back }, true)} />
          ) : null}
        </div>
      )}
      <fieldset className="admin-choice">
        <legend className="form-field__label">{intl.formatMessage(orderTexts.passengers)}</legend>
        {trip.lines.map((line, index) => (
          <div key={index} className="admin-sale-line">
            <div className="form-field">
              <label htmlFor={`${id}-qty-${index}`} className="form-field__label">{intl.formatMessage(orderValues.lineQty, { line: index + 1 })}</label>
              <input id={`${id}-qty-${index}`} className="form-field__input admin-grid-input" inputMode="numeric" value={line.qty} onChange={(event) => setLine(index, { qty: event.target.value })} />
            </div>
            <div className="form-field">
              <label htmlFor={`${id}-discount-${index}`} className="form-field__label">{intl.formatMessage(orderValues.lineDiscount, { line: index + 1 })}</label>
              <select id={`${id}-discount-${index}`} className="form-field__input" value={line.discount_id} onChange={(event) => setLine(index, { discount_id: event.target.value })}>
                <option value="">{intl.formatMessage(orderTexts.fullFare)}</option>
                {(discounts.data ?? []).map((discount) => (
                  <option key={discount.id} value={discount.id}>
                    {english && discount.name_en ? discount.name_en : discount.name}
                  </option>
                ))}
              </select>
            </div>
            {trip.lines.length > 1 ? (
              <Button variant="secondary" onClick={() => onChange({ ...trip, lines: trip.lines.filter((_, i) => i !== index) })}>
                {intl.formatMessage(orderValues.removeLine, { line: index + 1 })}
              </Button>
            ) : null}
            {names ? <PassengerNames line={line} index={index} onChange={(passengers) => setLine(index, { passengers })} /> : null}
          </div>
        ))}
        <Button variant="secondary" onClick={() => onChange({ ...trip, lines: [...trip.lines, emptyLine()] })}>
          {intl.formatMessage(orderTexts.addLine)}
        </Button>
      </fieldset>
    </>
  );
}
