// A route's prices (route-price) as one grid: a row per boarding stop, a column per stop after it,
// so only forward pairs have a cell. "Fill from a rate" prices the empty cells by the minutes between
// the stops; the save sends the whole grid in one request (`save-grid`: an empty cell is no price),
// which the server checks as a whole and writes in one transaction. A refused cell shows why.
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';

import { isApiError, type ApiError, type FieldError } from '@/shared/api/api-error';
import { errorToast } from '@/shared/api/error-toast';
import type { ApiSchema } from '@/shared/api/schema';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { useAllOf, useInvalidateArea } from '../api/admin-data';
import { rowErrors, savePriceGrid } from '../api/route-lists';
import { fieldErrorText } from '../lib/field-errors';
import { priceFromRate } from '../lib/route-math';
import { useUnsavedChanges } from '../lib/unsaved-registry';
import { fromGrosz, toGrosz } from '../lib/validation';
import { routeTexts, routeValues } from '../messages/route-messages';

import { TableScroll } from './table-scroll';

type RouteWaypoint = ApiSchema<'RouteWaypoint'>;
type RoutePrice = ApiSchema<'RoutePrice'>;

const PATH = 'route/route-price';
const MONEY = /^\d{1,7}([.,]\d{1,2})?$/;
const pairKey = (from: number, to: number) => `${from}-${to}`;

export function RoutePrices({ routeId }: { routeId: number }) {
  const stops = useAllOf<RouteWaypoint>('route/route-waypoint', { 'filter[route_id][eq]': routeId, sort: 'position' });
  const prices = useAllOf<RoutePrice>(PATH, { 'filter[route_id][eq]': routeId });
  if (!stops.data || !prices.data) return null;
  return <PriceGrid key={`${stops.dataUpdatedAt}-${prices.dataUpdatedAt}`} routeId={routeId} stops={stops.data} prices={prices.data} />;
}

function PriceGrid({ routeId, stops, prices }: { routeId: number; stops: RouteWaypoint[]; prices: RoutePrice[] }) {
  const intl = useIntl();
  const rateId = useId();
  const minimumId = useId();
  const ordered = [...stops].sort((a, b) => a.position - b.position);
  const [cells, setCells] = useState<Record<string, string>>(() =>
    Object.fromEntries(prices.map((price) => [pairKey(price.from_waypoint_id, price.to_waypoint_id), fromGrosz(price.price)])),
  );
  const [rate, setRate] = useState('0,20');
  const [minimum, setMinimum] = useState('5,00');
  const [dirty, setDirty] = useState(false);
  // The refused save's errors by cell (`prices[i]` is the i-th cell sent).
  const [refusal, setRefusal] = useState<{ error: ApiError; sent: string[] } | null>(null);
  useUnsavedChanges(() => dirty);
  const bad = Object.entries(cells).filter(([, value]) => value.trim() !== '' && !MONEY.test(value.trim()));
  // Every forward pair with a price, in the grid's order.
  const filled = ordered.flatMap((from, i) =>
    ordered.slice(i + 1).flatMap((to) => {
      const value = cells[pairKey(from.waypoint_id, to.waypoint_id)]?.trim() ?? '';
      return value === '' ? [] : [{ from_waypoint_id: from.waypoint_id, to_waypoint_id: to.waypoint_id, price: toGrosz(value) }];
    }),
  );

  const invalidate = useInvalidateArea();
  const mutation = useMutation({
    mutationFn: (grid: typeof filled) => savePriceGrid(routeId, grid),
    onSuccess: () => invalidate(PATH),
    onError: (error, grid) =>
      isApiError(error) && error.status === 422
        ? setRefusal({ error, sent: grid.map((cell) => pairKey(cell.from_waypoint_id, cell.to_waypoint_id)) })
        : showToast(errorToast(error)),
    meta: { loader: true },
  });
  const refused = new Map(
    [...rowErrors('prices', refusal?.error.errors ?? [])].map(([index, errors]) => [refusal?.sent[index] ?? '', errors.map((error) => cellErrorText(intl, error))]),
  );

  if (ordered.length < 2) {
    return (
      <section className="admin-section">
        <h2 className="admin-section__title">{intl.formatMessage(routeTexts.prices)}</h2>
        <p className="admin-note">{intl.formatMessage(routeTexts.needStops)}</p>
      </section>
    );
  }

  const set = (key: string, value: string) => {
    setCells((current) => ({ ...current, [key]: value }));
    setDirty(true);
    setRefusal(null);
  };
  const fill = () => {
    if (!MONEY.test(rate.trim()) || !MONEY.test(minimum.trim())) return;
    const next = { ...cells };
    ordered.forEach((from, i) =>
      ordered.slice(i + 1).forEach((to) => {
        const key = pairKey(from.waypoint_id, to.waypoint_id);
        if (!next[key]?.trim()) {
          next[key] = fromGrosz(priceFromRate(to.minutes_from_start - from.minutes_from_start, toGrosz(rate), toGrosz(minimum)));
        }
      }),
    );
    setCells(next);
    setDirty(true);
    setRefusal(null);
  };

  return (
    <section className="admin-section" aria-labelledby="route-prices-title">
      <h2 id="route-prices-title" className="admin-section__title">
        {intl.formatMessage(routeTexts.prices)}
      </h2>
      <p className="form-field__hint">{intl.formatMessage(routeTexts.pricesHint)}</p>
      <div className="admin-section__actions">
        <div className="form-field">
          <label htmlFor={rateId} className="form-field__label">{intl.formatMessage(routeTexts.rate)}</label>
          <input id={rateId} className="form-field__input admin-grid-input" inputMode="decimal" value={rate} onChange={(event) => setRate(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={minimumId} className="form-field__label">{intl.formatMessage(routeTexts.minimum)}</label>
          <input id={minimumId} className="form-field__input admin-grid-input" inputMode="decimal" value={minimum} onChange={(event) => setMinimum(event.target.value)} />
        </div>
        <Button variant="secondary" onClick={fill}>
          {intl.formatMessage(routeTexts.fill)}
        </Button>
      </div>
      <TableScroll label={intl.formatMessage(routeTexts.prices)}>
        <table className="admin-inline-table admin-price-grid">
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(routeTexts.from)}</th>
              {ordered.slice(1).map((to) => (
                <th key={to.id} scope="col">
                  {to.waypoint_town}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ordered.slice(0, -1).map((from, i) => (
              <tr key={from.id}>
                <th scope="row">{from.waypoint_name}</th>
                {ordered.slice(1).map((to, j) => {
                  const key = pairKey(from.waypoint_id, to.waypoint_id);
                  if (j < i) return <td key={to.id} aria-hidden="true" />;
                  const value = cells[key] ?? '';
                  const why = refused.get(key);
                  return (
                    <td key={to.id}>
                      <input
                        className="form-field__input admin-grid-input"
                        inputMode="decimal"
                        aria-label={intl.formatMessage(routeValues.priceFor, { from: from.waypoint_name, to: to.waypoint_name })}
                        aria-invalid={(value.trim() !== '' && !MONEY.test(value.trim())) || why ? true : undefined}
                        aria-describedby={why ? `${rateId}-${key}-error` : undefined}
                        value={value}
                        onChange={(event) => set(key, event.target.value)}
                      />
                      {why ? (
                        <span id={`${rateId}-${key}-error`} className="form-field__error">
                          {why.join(' ')}
                        </span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {refusal ? (
        <div className="form-field__error" role="alert">
          {intl.formatMessage(routeTexts.pricesRefused)}
          {(refused.get('') ?? []).map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      ) : null}
      <div className="admin-section__actions">
        <Button
          disabled={!dirty || bad.length > 0 || mutation.isPending}
          onClick={() =>
            mutation.mutate(filled, {
              onSuccess: () => {
                setDirty(false);
                showToast({ type: 'success', message: routeTexts.saved });
              },
            })
          }
        >
          {intl.formatMessage(routeTexts.savePrices)}
        </Button>
      </div>
    </section>
  );
}

/** A refused cell's error: a price out of range says its bounds in złoty (the server's params are grosze). */
function cellErrorText(intl: IntlShape, error: FieldError): string {
  const { min, max } = error.params ?? {};
  if (error.code === 'field.out_of_range' && error.field.endsWith('.price') && min !== undefined && max !== undefined) {
    const zloty = (grosz: number) => intl.formatNumber(grosz / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return intl.formatMessage(routeValues.priceRange, { min: zloty(min), max: zloty(max) });
  }
  return fieldErrorText(intl, error);
}
