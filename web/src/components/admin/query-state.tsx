import { errorMessage } from '../../lib/staff-api.js';
import { Spinner } from './spinner.js';

interface QueryStateProps {
  isPending: boolean;
  error: unknown;
  label: string;
  onRetry?: () => void;
}

/** The loading and failure states every screen shares; renders nothing once data is there. */
export function QueryState({ isPending, error, label, onRetry }: QueryStateProps) {
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
