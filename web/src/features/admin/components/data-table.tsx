// The list's table: TanStack Table (headless) renders the declared columns; paging and sorting are
// the server's (manual), so the table only lays out the page it is given.
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef as TableColumn } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';

import type { ColumnDef } from '../lib/area';
import { nextSort, sortState } from '../lib/list-params';

import { CellValue } from './cell-value';
import { TableScroll } from './table-scroll';

const SORT_MARKS = { ascending: '▲', descending: '▼', none: '↕' } as const;

interface DataTableProps {
  columns: ColumnDef<unknown>[];
  rows: unknown[];
  sort: string;
  onSort: (sort: string) => void;
  /** The link of a row's record; absent for a list without record pages. */
  rowHref?: (row: unknown) => string;
  caption: string;
}

function fieldOf(row: unknown, key: string): unknown {
  return row !== null && typeof row === 'object' ? (row as Record<string, unknown>)[key] : undefined;
}

export function DataTable({ columns, rows, sort, onSort, rowHref, caption }: DataTableProps) {
  const intl = useIntl();
  const tableColumns = useMemo<TableColumn<unknown>[]>(
    () =>
      columns.map((column, index) => ({
        id: column.key,
        header: () => intl.formatMessage(column.label),
        cell: ({ row }) => {
          const content = column.cell ? column.cell(row.original) : <CellValue value={fieldOf(row.original, column.key)} />;
          // The first column links to the record: one link per row, reachable with Tab.
          return index === 0 && rowHref ? <Link to={rowHref(row.original)}>{content}</Link> : content;
        },
        meta: column,
      })),
    [columns, intl, rowHref],
  );
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns fresh functions by design
  const table = useReactTable({
    data: rows,
    columns: tableColumns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
  });

  return (
    <TableScroll label={caption}>
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const column = columns.find((c) => c.key === header.id);
                const label = flexRender(header.column.columnDef.header, header.getContext());
                const state = column?.sortable ? sortState(sort, column.key) : undefined;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={column?.numeric ? 'admin-table__num' : undefined}
                    aria-sort={state && state !== 'none' ? state : undefined}
                  >
                    {column?.sortable ? (
                      <button type="button" className="admin-table__sort" onClick={() => onSort(nextSort(sort, column.key))}>
                        {label}
                        <span aria-hidden="true" className="admin-table__sort-mark">
                          {SORT_MARKS[state ?? 'none']}
                        </span>
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => {
                const column = columns.find((c) => c.key === cell.column.id);
                return (
                  <td key={cell.id} className={column?.numeric ? 'admin-table__num' : undefined} data-label={column ? intl.formatMessage(column.label) : undefined}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
