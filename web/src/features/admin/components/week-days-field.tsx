import { useIntl } from 'react-intl';

import type { CustomFieldProps } from '../lib/area';
import { weekDayNames } from '../messages/route-messages';

const ORDER = ['1', '2', '3', '4', '5', '6', '0'] as const;

/** Week days as checkboxes, Monday first; the value is the list of checked days, 0 = Sunday. */
export function WeekDaysField({ value, onChange, labelId }: CustomFieldProps) {
  const intl = useIntl();
  const checked = new Set(Array.isArray(value) ? value.map(String) : []);
  return (
    <div role="group" aria-labelledby={labelId} className="admin-week-days">
      {ORDER.map((day) => (
        <label key={day} className="form-check">
          <input
            type="checkbox"
            checked={checked.has(day)}
            onChange={(event) => {
              const next = new Set(checked);
              if (event.target.checked) next.add(day);
              else next.delete(day);
              onChange([...next]);
            }}
          />
          {intl.formatMessage(weekDayNames[`d${day}`])}
        </label>
      ))}
    </div>
  );
}
