import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';

export { AdminRouteError as ErrorBoundary } from '../../../components/admin/admin-route-error.js';

export function Component() {
  return (
    <div className="adm-page">
      <h1 className="adm-page__title">Page not found</h1>
      <p>
        There is no admin page at this address. <Link to={paths.admin.root}>Back to the dashboard</Link>
      </p>
    </div>
  );
}
