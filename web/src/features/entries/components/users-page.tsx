import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../../lib/staff-api.js';
import { useExportWaitlistEntries } from '../api/export-waitlist-entries.js';
import { SEARCH_MIN_LENGTH, type EntriesFilter } from '../api/get-waitlist-entries.js';
import { ENTRY_STATUSES } from '@mmdm/contracts/waitlist-admin';
import { useDebouncedValue } from '../lib/use-debounced-value.js';
import { STATUS_LABELS } from './entry-status-badge.js';
import { EntriesTable } from './entries-table.js';
import { SelectField } from '../../../components/admin/select-field.js';

const SEARCH_DEBOUNCE_MS = 300;
const ORDERS = ['desc', 'asc', 'place'] as const;

/** The term to search for: a shorter one is not sent (the service would refuse it), the list stays unfiltered. */
function searchTerm(typed: string): string {
  const term = typed.trim();
  return term.length >= SEARCH_MIN_LENGTH ? term : '';
}

/** The filter lives in the address bar, so a filtered list can be bookmarked, shared and survives a reload. */
function readFilter(params: URLSearchParams): EntriesFilter {
  const status = params.get('status');
  return {
    status: (ENTRY_STATUSES as readonly string[]).includes(status ?? '') ? (status as EntriesFilter['status']) : 'all',
    q: searchTerm(params.get('q') ?? ''),
    order: ORDERS.find((order) => order === params.get('order')) ?? 'desc',
    city: /^\d{1,9}$/.test(params.get('city') ?? '') ? Number(params.get('city')) : null,
  };
}

interface UsersPageProps {
  /** Admins may export, resend and delete; viewers only look. */
  canManage: boolean;
  /** The staff-kept cities, for the city filter and column. */
  cities: readonly { id: number; name: string }[];
}

export function UsersPage({ canManage, cities }: UsersPageProps) {
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const searchId = useId();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const debouncedSearch = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const settled = debouncedSearch.trim();
  const tooShort = settled.length > 0 && settled.length < SEARCH_MIN_LENGTH;
  const exporter = useExportWaitlistEntries();
  // The service lists by place or by city from its own index, without a search (and by place, without a status).
  const launchList = filter.order === 'place' || filter.city !== null;

  const update = (changes: Partial<EntriesFilter>) => {
    const next = { ...filter, ...changes };
    const nextParams = new URLSearchParams();
    if (next.status !== 'all') nextParams.set('status', next.status);
    if (next.q.trim()) nextParams.set('q', next.q.trim());
    if (next.order !== 'desc') nextParams.set('order', next.order);
    if (next.city !== null) nextParams.set('city', String(next.city));
    setParams(nextParams, { replace: true });
  };

  useEffect(() => {
    const term = searchTerm(debouncedSearch);
    if (term !== filter.q) update({ q: term });
    // Only a settled search term should touch the address bar; `update` is recreated every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  return (
    <div className="adm-page">
      <h1 className="adm-page__title">Users</h1>
      <p className="adm-muted">Everyone on the waitlist.</p>
      <div className="adm-toolbar" role="search">
        <div className="adm-field adm-field--inline">
          <label className="adm-field__label" htmlFor={searchId}>
            Search by email
          </label>
          <input
            id={searchId}
            className="adm-input"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="name@example.com"
            maxLength={254}
            disabled={launchList}
            aria-describedby={`${searchId}-hint`}
          />
          {/* Outside the label (not part of the field's name), and live so the hint is read out when it appears. */}
          <span id={`${searchId}-hint`} className="adm-field__hint" aria-live="polite">
            {launchList
              ? 'Search works on the whole list: clear the city and place order to search.'
              : tooShort
                ? `Type at least ${SEARCH_MIN_LENGTH} characters to search.`
                : ''}
          </span>
        </div>
        <SelectField
          label="Status"
          fieldClassName="adm-field--inline"
          value={filter.order === 'place' ? 'confirmed' : filter.status}
          disabled={filter.order === 'place'}
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
          label="City"
          fieldClassName="adm-field--inline"
          value={filter.city === null ? '' : String(filter.city)}
          onChange={(event) => update({ city: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">All cities</option>
          {cities.map((city) => (
            <option key={city.id} value={String(city.id)}>
              {city.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Sort by"
          fieldClassName="adm-field--inline"
          value={filter.order}
          onChange={(event) => update({ order: ORDERS.find((order) => order === event.target.value) ?? 'desc' })}
        >
          <option value="desc">Newest first</option>
          <option value="asc">Oldest first</option>
          <option value="place">Place in line</option>
        </SelectField>
        {canManage && (
          <button
            type="button"
            className="adm-button adm-toolbar__export"
            onClick={() => exporter.mutate({ status: filter.status, q: filter.q })}
            disabled={exporter.isPending || launchList}
            title={launchList ? 'The export takes the status and search filters only.' : undefined}
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
      <EntriesTable
        key={`${filter.status}|${filter.q}|${filter.order}|${filter.city}`}
        filter={filter}
        canManage={canManage}
        cities={cities}
      />
    </div>
  );
}
