import { Link } from 'react-router-dom';
import { Icon } from '../../components/ui/icon.js';
import { paths } from '../../config/paths.js';

export function NotFoundRoute() {
  return (
    <section className="container narrow status-page" aria-labelledby="not-found-title">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">We couldn't find that page</h1>
      <p className="lead">
        The link may be old or mistyped. The people you're looking for are still out there, though.
      </p>
      <div className="button-row">
        <Link to={paths.home} className="button button--primary">
          Go to the home page
        </Link>
        <Link to={paths.waitlist} className="button button--ghost">
          Join the waitlist <Icon name="arrowRight" size={18} />
        </Link>
      </div>
    </section>
  );
}
