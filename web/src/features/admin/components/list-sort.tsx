import { useId } from 'react';
import { defineMessages, useIntl, type NoMessageValues } from 'react-intl';

import type { ColumnDef } from '../lib/area';

const messages = defineMessages<{ label: NoMessageValues; ascending: { column: string }; descending: { column: string } }>({
  label: { id: 'admin.list.sort', defaultMessage: 'Sortowanie', description: 'Select of the list order (narrow screens, where the table has no headers)' },
  ascending: { id: 'admin.list.sortAscending', defaultMessage: '{column} rosnąco', description: 'Sort option: a column ascending' },
  descending: { id: 'admin.list.sortDescending', defaultMessage: '{column} malejąco', description: 'Sort option: a column descending' },
});

/** The order of the list as a select: on a phone the table shows cards without sortable headers. */
export function ListSort({ columns, sort, onSort }: { columns: ColumnDef<unknown>[]; sort: string; onSort: (sort: string) => void }) {
  const intl = useIntl();
  const id = useId();
  const sortable = columns.filter((column) => column.sortable);
  if (sortable.length === 0) return null;
  return (
    <div className="form-field admin-sort">
      <label htmlFor={id} className="form-field__label">
        {intl.formatMessage(messages.label)}
      </label>
      <select id={id} className="form-field__input" value={sort} onChange={(event) => onSort(event.target.value)}>
        {sortable.flatMap((column) => {
          const name = intl.formatMessage(column.label);
          return [
            <option key={column.key} value={column.key}>
              {intl.formatMessage(messages.ascending, { column: name })}
            </option>,
            <option key={`-${column.key}`} value={`-${column.key}`}>
              {intl.formatMessage(messages.descending, { column: name })}
            </option>,
          ];
        })}
      </select>
    </div>
  );
}
