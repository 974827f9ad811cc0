import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.js';

/** Shown in place of a page that failed to render; the header and footer stay usable. */
export function RouteError({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="container narrow status-page" aria-labelledby="route-error-title">
      <h1 id="route-error-title">Something went wrong on this page</h1>
      <p className="lead">Sorry about that. Please try again, or head back to the home page.</p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={onRetry}>
          Try again
        </button>
        <Link to={paths.home} className="button button--ghost">
          Go to the home page
        </Link>
      </div>
    </section>
  );
}
