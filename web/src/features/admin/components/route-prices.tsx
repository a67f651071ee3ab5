// A route's prices (route-price) as one grid: a row per boarding stop, a column per stop after it,
// so only forward pairs have a cell. "Fill from a rate" prices the empty cells by the minutes between
// the stops; the save sends the whole grid in one request (`save-grid`: an empty cell is no price),
// which the server checks as a whole and writes in one transaction. A refused cell shows why.
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';

import { isApiError, type ApiError } from '@/shared/api/api-error';
import { PriceCell } from '@/shared/api/limits.gen';
import type { ApiSchema } from '@/shared/api/schema';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { useAllOf, useInvalidateArea } from '../api/admin-data';
import { rowErrors, savePriceGrid } from '../api/route-lists';
import { adminErrorToast } from '../lib/admin-errors';
import { fieldErrorText } from '../lib/field-errors';
import { formatMoney, moneyProblemText, parseMoney, type MoneyRules } from '../lib/money-input';
import { priceFromRate } from '../lib/route-math';
import { useUnsavedChanges } from '../lib/unsaved-registry';
import { routeTexts, routeValues } from '../messages/route-messages';

import { MoneyField, MoneyInput } from './money-field';
import { TableScroll } from './table-scroll';

type RouteWaypoint = ApiSchema<'RouteWaypoint'>;
type RoutePrice = ApiSchema<'RoutePrice'>;

const PATH = 'route/route-price';
/** A trip's price: at least a grosz (a free trip is no price: leave the cell empty), at most the server's. */
const PRICE: MoneyRules = { allowZero: false, maxGrosze: PriceCell.price.maximum };
/** The rate and the minimum of "fill from a rate": above zero. */
const RATE: MoneyRules = { allowZero: false, maxGrosze: PriceCell.price.maximum };
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
    Object.fromEntries(prices.map((price) => [pairKey(price.from_waypoint_id, price.to_waypoint_id), formatMoney(price.price)])),
  );
  const [rate, setRate] = useState('0,20');
  const [minimum, setMinimum] = useState('5,00');
  const [dirty, setDirty] = useState(false);
  // The refused save's errors by cell (`prices[i]` is the i-th cell sent).
  const [refusal, setRefusal] = useState<{ error: ApiError; sent: string[] } | null>(null);
  useUnsavedChanges(() => dirty);
  // Set when a save or a fill was tried with a bad amount: the summary above the button says so.
  const [tried, setTried] = useState(false);
  const cellLabel = (from: RouteWaypoint, to: RouteWaypoint) => intl.formatMessage(routeValues.priceFor, { from: from.waypoint_name, to: to.waypoint_name });
  // Each typed cell's refusal, said at the cell and naming it ("Cena Nisko → Kraków: …").
  const problems = new Map(
    ordered.flatMap((from, i) =>
      ordered.slice(i + 1).flatMap((to) => {
        const key = pairKey(from.waypoint_id, to.waypoint_id);
        const value = cells[key] ?? '';
        const parsed = parseMoney(value, PRICE);
        return value.trim() === '' || parsed.ok ? [] : [[key, moneyProblemText(intl, cellLabel(from, to), parsed.problem, PRICE)] as const];
      }),
    ),
  );
  // Every forward pair with a price, in the grid's order.
  const filled = ordered.flatMap((from, i) =>
    ordered.slice(i + 1).flatMap((to) => {
      const parsed = parseMoney(cells[pairKey(from.waypoint_id, to.waypoint_id)] ?? '', PRICE);
      return parsed.ok ? [{ from_waypoint_id: from.waypoint_id, to_waypoint_id: to.waypoint_id, price: parsed.grosze }] : [];
    }),
  );
  const rateParsed = parseMoney(rate, RATE);
  const minimumParsed = parseMoney(minimum, RATE);
  const rateError = rateParsed.ok ? undefined : moneyProblemText(intl, intl.formatMessage(routeTexts.rate), rateParsed.problem, RATE);
  const minimumError = minimumParsed.ok ? undefined : moneyProblemText(intl, intl.formatMessage(routeTexts.minimum), minimumParsed.problem, RATE);

  const invalidate = useInvalidateArea();
  const mutation = useMutation({
    mutationFn: (grid: typeof filled) => savePriceGrid(routeId, grid),
    onSuccess: () => invalidate(PATH),
    onError: (error, grid) =>
      isApiError(error) && error.status === 422
        ? setRefusal({ error, sent: grid.map((cell) => pairKey(cell.from_waypoint_id, cell.to_waypoint_id)) })
        : showToast(adminErrorToast(error)),
    meta: { loader: true },
  });
  const refused = new Map(
    [...rowErrors('prices', refusal?.error.errors ?? [])].map(([index, errors]) => [refusal?.sent[index] ?? '', errors.map((error) => fieldErrorText(intl, error))]),
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
    setTried(false);
  };
  const fill = () => {
    if (!rateParsed.ok || !minimumParsed.ok) return;
    const next = { ...cells };
    ordered.forEach((from, i) =>
      ordered.slice(i + 1).forEach((to) => {
        const key = pairKey(from.waypoint_id, to.waypoint_id);
        if (!next[key]?.trim()) {
          next[key] = formatMoney(priceFromRate(to.minutes_from_start - from.minutes_from_start, rateParsed.grosze, minimumParsed.grosze));
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
        <MoneyField id={rateId} label={intl.formatMessage(routeTexts.rate)} value={rate} onChange={setRate} error={rateError} />
        <MoneyField id={minimumId} label={intl.formatMessage(routeTexts.minimum)} value={minimum} onChange={setMinimum} error={minimumError} />
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
                  const problem = problems.get(key);
                  const why = problem ? [problem] : refused.get(key);
                  return (
                    <td key={to.id}>
                      <MoneyInput
                        className="admin-grid-input"
                        aria-label={cellLabel(from, to)}
                        invalid={Boolean(why)}
                        describedBy={why ? `${rateId}-${key}-error` : undefined}
                        value={value}
                        onChange={(typed) => set(key, typed)}
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
      {tried && problems.size > 0 ? (
        <div className="form-field__error" role="alert">
          {intl.formatMessage(routeValues.pricesInvalid, { count: problems.size })}
        </div>
      ) : null}
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
          disabled={!dirty || mutation.isPending}
          onClick={() => {
            setTried(true);
            if (problems.size > 0) return;
            mutation.mutate(filled, {
              onSuccess: () => {
                setDirty(false);
                showToast({ type: 'success', message: routeTexts.saved });
              },
            });
          }}
        >
          {intl.formatMessage(routeTexts.savePrices)}
        </Button>
      </div>
    </section>
  );
}

