import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from '../../config/paths.js';
import './admin.css';

/**
 * The error boundary of every admin route: one broken screen says so and offers a way on, instead of blanking the
 * panel. A failed lazy chunk (a deploy happened meanwhile) is fixed by reloading.
 */
export function AdminRouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="adm-root adm-route-error" role="alert">
      <h1>{notFound ? 'Page not found' : 'This screen could not be shown'}</h1>
      <p>
        {notFound
          ? 'There is no admin page at this address.'
          : 'Reload the page to try again. If it keeps happening, tell the team.'}
      </p>
      <p className="adm-route-error__actions">
        <button type="button" className="adm-button" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link className="adm-button adm-button--ghost" to={paths.admin.root}>
          Back to the dashboard
        </Link>
      </p>
    </div>
  );
}
