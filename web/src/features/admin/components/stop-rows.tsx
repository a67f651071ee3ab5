import { useId, useState } from 'react';
import { useIntl } from 'react-intl';

import { Button } from '@/shared/ui/button';

import { moved, type StopRow } from '../lib/route-math';
import { detailTexts, routeTexts } from '../messages/route-messages';

interface StopRowsProps {
  rows: StopRow[];
  onChange: (rows: StopRow[]) => void;
  waypoints: { id: number; name: string }[];
  /** The server's refusals of a save, by row index (as the list was sent). */
  errors?: ReadonlyMap<number, string[]>;
}

let added = 0;

const MARKS = { number: '#', up: '↑', down: '↓', remove: '×' } as const;
const named = (action: string, name: string) => `${action}: ${name}`;

/** The editable list of stops: minutes per stop, up/down, drag and drop, remove, add; a refused row's reasons under it. */
export function StopRows({ rows, onChange, waypoints, errors }: StopRowsProps) {
  const intl = useIntl();
  const addId = useId();
  const [dragged, setDragged] = useState<number | null>(null);
  const [choice, setChoice] = useState('');
  const onRoute = new Set(rows.map((row) => row.waypointId));

  return (
    <>
      <table className="admin-inline-table">
        <thead>
          <tr>
            <th scope="col">{MARKS.number}</th>
            <th scope="col">{intl.formatMessage(routeTexts.stop)}</th>
            <th scope="col">{intl.formatMessage(routeTexts.minutes)}</th>
            <th scope="col">{intl.formatMessage(detailTexts.actions)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const refused = errors?.get(index) ?? [];
            const errorId = `${addId}-${row.key}-error`;
            return (
              <tr
                key={row.key}
                draggable
                onDragStart={() => setDragged(index)}
                onDragOver={(event) => event.preventDefault()}
                onDrop={() => {
                  if (dragged !== null && dragged !== index) onChange(moved(rows, dragged, index));
                  setDragged(null);
                }}
                className="admin-stop-row"
              >
                <td>{index + 1}</td>
                <td>{row.name}</td>
                <td>
                  <input
                    className="form-field__input admin-grid-input"
                    inputMode="numeric"
                    aria-label={named(intl.formatMessage(routeTexts.minutes), row.name)}
                    value={row.minutes}
                    aria-invalid={refused.length > 0 ? true : undefined}
                    aria-describedby={refused.length > 0 ? errorId : undefined}
                    onChange={(event) => onChange(rows.map((r) => (r.key === row.key ? { ...r, minutes: event.target.value } : r)))}
                  />
                  {refused.length > 0 ? (
                    <span id={errorId} className="form-field__error">
                      {refused.join(' ')}
                    </span>
                  ) : null}
                </td>
                <td className="admin-row-actions">
                  <Button variant="secondary" aria-label={named(intl.formatMessage(routeTexts.moveUp), row.name)} disabled={index === 0} onClick={() => onChange(moved(rows, index, index - 1))}>
                    {MARKS.up}
                  </Button>
                  <Button variant="secondary" aria-label={named(intl.formatMessage(routeTexts.moveDown), row.name)} disabled={index === rows.length - 1} onClick={() => onChange(moved(rows, index, index + 1))}>
                    {MARKS.down}
                  </Button>
                  <Button variant="secondary" aria-label={named(intl.formatMessage(routeTexts.remove), row.name)} onClick={() => onChange(rows.filter((r) => r.key !== row.key))}>
                    {MARKS.remove}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="admin-section__actions">
        <div className="form-field">
          <label htmlFor={addId} className="form-field__label">
            {intl.formatMessage(routeTexts.chooseStop)}
          </label>
          <select id={addId} className="form-field__input" value={choice} onChange={(event) => setChoice(event.target.value)}>
            <option value="">{intl.formatMessage(routeTexts.chooseStop)}</option>
            {waypoints
              .filter((waypoint) => !onRoute.has(waypoint.id))
              .map((waypoint) => (
                <option key={waypoint.id} value={waypoint.id}>
                  {waypoint.name}
                </option>
              ))}
          </select>
        </div>
        <Button
          variant="secondary"
          disabled={choice === ''}
          onClick={() => {
            const waypoint = waypoints.find((w) => String(w.id) === choice);
            if (!waypoint) return;
            added += 1;
            const last = Number(rows.at(-1)?.minutes ?? -1);
            onChange([...rows, { key: `n${added}`, waypointId: waypoint.id, name: waypoint.name, minutes: rows.length === 0 ? '0' : String(Number.isFinite(last) ? last + 10 : '') }]);
            setChoice('');
          }}
        >
          {intl.formatMessage(routeTexts.addStop)}
        </Button>
      </div>
    </>
  );
}
