import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { StoreBadges } from '../../../components/ui/store-badges.js';

export function CtaBanner({ title = 'Ready to meet someone who gets you?' }: { title?: string }) {
  return (
    <section className="section" aria-labelledby="cta-title">
      <div className="container">
        <div className="cta-banner">
          <div>
            <h2 id="cta-title">{title}</h2>
            <p>
              Join the waitlist today and be among the first to try Meet Match Date Marry when it launches on iPhone and
              Android.
            </p>
          </div>
          <div className="cta-banner__actions">
            <Link to={paths.waitlist} className="button button--light button--large">
              Get Started
            </Link>
            <StoreBadges className="store-badges--on-dark" />
          </div>
        </div>
      </div>
    </section>
  );
}
