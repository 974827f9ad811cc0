import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../api/api-client.js';
import { useExportWaitlistEntries } from '../api/export-waitlist-entries.js';
import type { EntriesFilter } from '../api/get-waitlist-entries.js';
import { ENTRY_STATUSES } from '../api/waitlist-schemas.js';
import { useDebouncedValue } from '../lib/use-debounced-value.js';
import { useStaffSession } from '../lib/use-staff-session.js';
import { STATUS_LABELS } from './entry-status-badge.js';
import { EntriesTable } from './entries-table.js';
import { SelectField } from './select-field.js';

const SEARCH_DEBOUNCE_MS = 300;

/** The filter lives in the address bar, so a filtered list can be bookmarked, shared and survives a reload. */
function readFilter(params: URLSearchParams): EntriesFilter {
  const status = params.get('status');
  return {
    status: (ENTRY_STATUSES as readonly string[]).includes(status ?? '') ? (status as EntriesFilter['status']) : 'all',
    q: params.get('q') ?? '',
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

export function UsersPage() {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const [search, setSearch] = useState(filter.q);
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const { can } = useStaffSession();
  const isAdmin = can('admin');
  const exporter = useExportWaitlistEntries();

  const update = (changes: Partial<EntriesFilter>) => {
    const next = { ...filter, ...changes };
    const nextParams = new URLSearchParams();
    if (next.status !== 'all') nextParams.set('status', next.status);
    if (next.q.trim()) nextParams.set('q', next.q.trim());
    if (next.order !== 'desc') nextParams.set('order', next.order);
    setParams(nextParams, { replace: true });
  };

  useEffect(() => {
    if (debouncedSearch.trim() !== filter.q.trim()) update({ q: debouncedSearch });
    // Only a settled search term should touch the address bar; `update` is recreated every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  return (
    <div className="adm-page">
      <h1 className="adm-page__title">Users</h1>
      <p className="adm-muted">Everyone on the waitlist.</p>
      <div className="adm-toolbar" role="search">
        <label className="adm-field adm-field--inline">
          <span className="adm-field__label">Search by email</span>
          <input
            className="adm-input"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="name@example.com"
            maxLength={254}
          />
        </label>
        <SelectField
          label="Status"
          fieldClassName="adm-field--inline"
          value={filter.status}
          onChange={(event) => update({ status: event.target.value as EntriesFilter['status'] })}
        >
          <option value="all">All</option>
          {ENTRY_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Sort by date"
          fieldClassName="adm-field--inline"
          value={filter.order}
          onChange={(event) => update({ order: event.target.value === 'asc' ? 'asc' : 'desc' })}
        >
          <option value="desc">Newest first</option>
          <option value="asc">Oldest first</option>
        </SelectField>
        {isAdmin && (
          <button
            type="button"
            className="adm-button adm-toolbar__export"
            onClick={() => exporter.mutate({ status: filter.status, q: filter.q })}
            disabled={exporter.isPending}
          >
            {exporter.isPending ? 'Exporting...' : 'Export CSV'}
          </button>
        )}
      </div>
      {exporter.isError && (
        <p className="adm-alert adm-alert--error" role="alert">
          Export failed: {errorMessage(exporter.error)}
        </p>
      )}
      {/* A new filter starts again at the first page: the key resets the table's page history. */}
      <EntriesTable key={`${filter.status}|${filter.q}|${filter.order}`} filter={filter} canManage={isAdmin} />
    </div>
  );
}
