import { Link } from 'react-router-dom';
import { Icon } from '../../components/ui/icon.js';
import { CitiesOpeningList } from '../../features/waitlist/components/cities-opening-list.js';
import { WaitlistForm } from '../../features/waitlist/components/waitlist-form.js';
import { paths } from '../../config/paths.js';

const claims = [
  { icon: 'users', text: '10,000+ early signups' },
  { icon: 'lock', text: 'Privacy-first platform' },
  { icon: 'rocket', text: 'Launching soon' },
] as const;

export function WaitlistRoute() {
  return (
    <section className="waitlist-page" aria-labelledby="page-title">
      {/* Three parts, so that a phone shows the form right under the headline (on the first screen of a 390 × 844
          phone) and the rest of the copy after it; from 900 px the copy is one column beside the form. */}
      <div className="container waitlist-page__inner">
        <div className="waitlist-page__intro">
          <p className="eyebrow">Meet Match Date Marry</p>
          <h1 id="page-title">Be the first to find your perfect match</h1>
          <p className="waitlist-page__subheadline">The future of dating and friendships is almost here.</p>
        </div>
        <div className="card waitlist-page__card">
          <h2>Join the waitlist</h2>
          {/* No data layer here: the form's one call is its own (the page's first-load budget). */}
          <WaitlistForm />
          <p className="field__hint">
            By joining you confirm you are 18 or older and agree to our{' '}
            <Link to={paths.privacyPolicy}>Privacy Policy</Link>. You can unsubscribe at any time, and{' '}
            <Link to={paths.yourData}>see or erase your data</Link> whenever you like.
          </p>
          <CitiesOpeningList />
        </div>
        <div className="waitlist-page__more">
          <p>
            Join the waitlist for early access to Meet Match Date Marry, the app that matches you on interests, values
            and relationship goals. We'll e-mail you once to confirm your address and again when we launch. No spam,
            ever.
          </p>
          <ul className="claims">
            {claims.map((claim) => (
              <li key={claim.text}>
                <Icon name={claim.icon} size={20} />
                {claim.text}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
