import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.js';
import { localizedPath, usePageLanguage } from '../../lib/i18n/page-language.js';
import { i18n } from '../../lib/i18n/i18n.js';

/** Shown in place of a page that failed to render; the header and footer stay usable. */
export function RouteError({ onRetry }: { onRetry: () => void }) {
  const language = usePageLanguage();
  return (
    <section className="container narrow status-page" aria-labelledby="route-error-title">
      <h1 id="route-error-title">
        {i18n._({ id: 'web.routeError.title', message: 'Something went wrong on this page' })}
      </h1>
      <p className="lead">
        {i18n._({
          id: 'web.routeError.lead',
          message: 'Sorry about that. Please try again, or head back to the home page.',
        })}
      </p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={onRetry}>
          {i18n._({ id: 'web.routeError.retry', message: 'Try again' })}
        </button>
        <Link to={localizedPath(paths.home, language)} className="button button--ghost">
          {i18n._({ id: 'web.page.goHome', message: 'Go to the home page' })}
        </Link>
      </div>
    </section>
  );
}
