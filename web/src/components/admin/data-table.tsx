import type { ReactNode } from 'react';

interface DataTableProps<Row> {
  /** The column headings, left to right. */
  columns: readonly string[];
  rows: readonly Row[];
  /** One `<tr>` (with its key) for a row. */
  children: (row: Row) => ReactNode;
  /** Shown instead of the table when there is no row; without it an empty table is shown. */
  empty?: ReactNode;
  /** Keeps every cell on one line: phones scroll the table sideways rather than breaking addresses and dates. */
  wide?: boolean;
}

/** The panel's table of records: a heading row over one row per record, in a wrapper that scrolls on narrow screens. */
export function DataTable<Row>({ columns, rows, children, empty, wide = false }: DataTableProps<Row>) {
  if (empty !== undefined && rows.length === 0) return <p className="adm-empty">{empty}</p>;
  return (
    <div className="adm-table-wrap">
      <table className={wide ? 'adm-table adm-table--wide' : 'adm-table'}>
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
    </div>
  );
}
