// A plain table of the personal data page: the columns given, one row per record. On a phone each row
// becomes a card whose cells say their column (admin.css, `.admin-table`).
import type { ReactNode } from 'react';

import { rowId } from '../lib/privacy-words';

import { TableScroll } from './table-scroll';

export interface PlainColumn<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
}

export function PlainTable<Row>({ caption, columns, rows, rowKey }: { caption: string; columns: PlainColumn<Row>[]; rows: Row[]; rowKey: (row: Row) => string }) {
  return (
    <TableScroll label={caption}>
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) => (
                // The first cell names the row: the row's buttons are described by it.
                <td key={index} id={index === 0 ? rowId(rowKey(row)) : undefined} data-label={column.label}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
