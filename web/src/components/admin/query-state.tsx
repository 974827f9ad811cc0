import { errorMessage } from '../../lib/staff-api.js';
import { Spinner } from './spinner.js';

/** What the states need of one query; "Try again" refetches it. */
interface QueryLike {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

type QueryStateProps = { label: string } & (
  | { query: QueryLike }
  /** A screen that reads several queries says itself what loading, failing and retrying mean. */
  | { query?: never; isPending: boolean; error: unknown; onRetry?: () => void }
);

/** The loading and failure states every screen shares; renders nothing once data is there. */
export function QueryState(props: QueryStateProps) {
  const { label, query } = props;
  const { isPending, error, onRetry } = query
    ? { isPending: query.isPending, error: query.error, onRetry: () => void query.refetch() }
    : props;
  if (error) {
    return (
      <div className="adm-alert adm-alert--error" role="alert">
        <span>
          Could not load {label}: {errorMessage(error)}
        </span>
        {onRetry && (
          <button type="button" className="adm-button adm-button--small" onClick={onRetry}>
            Try again
          </button>
        )}
      </div>
    );
  }
  if (isPending) return <Spinner label={`Loading ${label}...`} />;
  return null;
}
