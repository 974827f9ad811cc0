import type { ReactNode } from 'react';
import { DataTable } from './data-table.js';
import { QueryState } from './query-state.js';

interface QueryTableProps<Data, Row> {
  /** The query whose answer the table shows. */
  query: { isPending: boolean; error: unknown; refetch: () => unknown; data: Data | undefined };
  /** What is loading or failed to load ("the waves"). */
  what: string;
  /** The rows of the answer. */
  rowsOf: (data: Data) => readonly Row[];
  /**
   * What the last action on the table did, announced by a status line above it. Passing the prop (even undefined)
   * puts the line there from the start, as a live region must be before it changes.
   */
  notice?: ReactNode;
  label: string;
  columns: readonly string[];
  empty: ReactNode;
  children: (row: Row) => ReactNode;
}

/** A table of one query's answer: its loading and failure states, then the table (or what stands for an empty one). */
export function QueryTable<Data, Row>(props: QueryTableProps<Data, Row>) {
  const { query, what, rowsOf, notice, children, ...table } = props;
  return (
    <>
      {'notice' in props && (
        <p className="adm-notice" role="status">
          {notice}
        </p>
      )}
      <QueryState query={query} label={what} />
      {query.data && (
        <DataTable {...table} rows={rowsOf(query.data)}>
          {children}
        </DataTable>
      )}
    </>
  );
}
