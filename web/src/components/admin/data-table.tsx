import type { ReactNode } from 'react';

interface DataTableProps<Row> {
  /** The column headings, left to right. */
  columns: readonly string[];
  rows: readonly Row[];
  /** One `<tr>` (with its key) for a row. */
  children: (row: Row) => ReactNode;
  /** What the table holds ("Audit log"): names its scrolling box ("Audit log table") for screen readers. */
  label: string;
  /** Shown instead of the table when there is no row; without it an empty table is shown. */
  empty?: ReactNode;
  /** Extra class of the table (its columns' widths, e.g. `adm-table--audit`). */
  className?: string;
}

/** The panel's table of records: a heading row over one row per record, in a box that scrolls on narrow screens. */
export function DataTable<Row>({ columns, rows, children, label, empty, className }: DataTableProps<Row>) {
  if (empty !== undefined && rows.length === 0) return <p className="adm-empty">{empty}</p>;
  return (
    <TableScroller label={label}>
      <table className={className ? `adm-table ${className}` : 'adm-table'}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows.map(children)}</tbody>
      </table>
    </TableScroller>
  );
}

/**
 * The box a table scrolls in when it is wider than the screen. A labelled region in the tab order, so a keyboard can
 * reach it and scroll it with the arrow keys (WCAG 2.1.1; axe's "scrollable-region-focusable").
 */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    // tabIndex: a scrolling box must be reachable by keyboard.
    <div className="adm-table-wrap" role="region" aria-label={`${label} table`} tabIndex={0}>
      {children}
    </div>
  );
}
