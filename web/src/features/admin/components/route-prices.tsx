// A route's prices (route-price) as one grid: a row per boarding stop, a column per stop after it,
// so only forward pairs have a cell. "Fill from a rate" prices the empty cells by the minutes between
// the stops; the save writes only what changed (new, changed, cleared).
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';

import type { ApiSchema } from '@/shared/api/schema';
import { showToast } from '@/shared/stores/toast-store';
import { Button } from '@/shared/ui/button';

import { deleteRecord, saveRecord, useAllOf } from '../api/admin-data';
import { useRecordMutation } from '../hooks/use-record-mutation';
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
  const saved = new Map(prices.map((price) => [pairKey(price.from_waypoint_id, price.to_waypoint_id), price]));
  const [cells, setCells] = useState<Record<string, string>>(() =>
    Object.fromEntries(prices.map((price) => [pairKey(price.from_waypoint_id, price.to_waypoint_id), fromGrosz(price.price)])),
  );
  const [rate, setRate] = useState('0,20');
  const [minimum, setMinimum] = useState('5,00');
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(() => dirty);
  const bad = Object.entries(cells).filter(([, value]) => value.trim() !== '' && !MONEY.test(value.trim()));

  const mutation = useRecordMutation(PATH, async () => {
    for (const [key, value] of Object.entries(cells)) {
      const [from = 0, to = 0] = key.split('-').map(Number);
      const existing = saved.get(key);
      if (value.trim() === '') {
        if (existing) await deleteRecord(PATH, existing.id);
      } else if (!existing || existing.price !== toGrosz(value)) {
        await saveRecord(PATH, existing?.id, { route_id: routeId, from_waypoint_id: from, to_waypoint_id: to, price: toGrosz(value) });
      }
    }
  });

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
                  return (
                    <td key={to.id}>
                      <input
                        className="form-field__input admin-grid-input"
                        inputMode="decimal"
                        aria-label={intl.formatMessage(routeValues.priceFor, { from: from.waypoint_name, to: to.waypoint_name })}
                        aria-invalid={value.trim() !== '' && !MONEY.test(value.trim()) ? true : undefined}
                        value={value}
                        onChange={(event) => set(key, event.target.value)}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <div className="admin-section__actions">
        <Button
          disabled={!dirty || bad.length > 0 || mutation.isPending}
          onClick={() =>
            mutation.mutate(undefined, {
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
