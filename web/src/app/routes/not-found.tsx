import { Link } from 'react-router-dom';
import { Icon } from '../../components/ui/icon.js';
import { paths } from '../../config/paths.js';
import { localizedPath, usePageLanguage } from '../../lib/i18n/page-language.js';
import { i18n } from '../../lib/i18n/i18n.js';

export function NotFoundRoute() {
  const language = usePageLanguage();
  return (
    <section className="container narrow status-page" aria-labelledby="not-found-title">
      <p className="status-page__code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{i18n._({ id: 'web.notFound.title', message: "We couldn't find that page" })}</h1>
      <p className="lead">
        {i18n._({
          id: 'web.notFound.lead',
          message: "The link may be old or mistyped. The people you're looking for are still out there, though.",
        })}
      </p>
      <div className="button-row">
        <Link to={localizedPath(paths.home, language)} className="button button--primary">
          {i18n._({ id: 'web.page.goHome', message: 'Go to the home page' })}
        </Link>
        <Link to={localizedPath(paths.waitlist, language)} className="button button--ghost">
          {i18n._({ id: 'web.notFound.joinWaitlist', message: 'Join the waitlist' })}{' '}
          <Icon name="arrowRight" size={18} />
        </Link>
      </div>
    </section>
  );
}
