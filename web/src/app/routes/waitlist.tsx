import type { MessageDescriptor } from '@lingui/core';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/ui/icon.js';
import { CitiesOpeningList } from '../../features/waitlist/components/cities-opening-list.js';
import { WaitlistForm } from '../../features/waitlist/components/waitlist-form.js';
import { paths } from '../../config/paths.js';
import { localizedPath, usePageLanguage } from '../../lib/i18n/page-language.js';
import { i18n } from '../../lib/i18n/i18n.js';
import { richText } from '../../lib/i18n/rich-text.js';

const claims: readonly { icon: 'users' | 'lock' | 'rocket'; text: MessageDescriptor }[] = [
  { icon: 'users', text: /*i18n*/ { id: 'web.waitlist.claim.signups', message: '10,000+ early signups' } },
  { icon: 'lock', text: /*i18n*/ { id: 'web.waitlist.claim.privacy', message: 'Privacy-first platform' } },
  { icon: 'rocket', text: /*i18n*/ { id: 'web.waitlist.claim.launching', message: 'Launching soon' } },
];

export function WaitlistRoute() {
  const language = usePageLanguage();
  return (
    <section className="waitlist-page" aria-labelledby="page-title">
      {/* Three parts, so that a phone shows the form right under the headline (on the first screen of a 390 × 844
          phone) and the rest of the copy after it; from 900 px the copy is one column beside the form. */}
      <div className="container waitlist-page__inner">
        <div className="waitlist-page__intro">
          <p className="eyebrow">Meet Match Date Marry</p>
          <h1 id="page-title">
            {i18n._({ id: 'web.waitlist.title', message: 'Be the first to find your perfect match' })}
          </h1>
          <p className="waitlist-page__subheadline">
            {i18n._({
              id: 'web.waitlist.subheadline',
              message: 'The future of dating and friendships is almost here.',
            })}
          </p>
        </div>
        <div className="card waitlist-page__card">
          <h2>{i18n._({ id: 'web.waitlist.cardTitle', message: 'Join the waitlist' })}</h2>
          {/* No data layer here: the form's one call is its own (the page's first-load budget). */}
          <WaitlistForm />
          <p className="field__hint">
            {richText(
              i18n._({
                id: 'web.waitlist.consent',
                message:
                  'By joining you confirm you are 18 or older and agree to our <0>Privacy Policy</0>. You can unsubscribe at any time, and <1>see or erase your data</1> whenever you like.',
              }),
              {
                0: (inner) => <Link to={localizedPath(paths.privacyPolicy, language)}>{inner}</Link>,
                1: (inner) => <Link to={localizedPath(paths.yourData, language)}>{inner}</Link>,
              },
            )}
          </p>
          <CitiesOpeningList />
        </div>
        <div className="waitlist-page__more">
          <p>
            {i18n._({
              id: 'web.waitlist.more',
              message:
                "Join the waitlist for early access to Meet Match Date Marry, the app that matches you on interests, values and relationship goals. We'll e-mail you once to confirm your address and again when we launch. No spam, ever.",
            })}
          </p>
          <ul className="claims">
            {claims.map((claim) => (
              <li key={claim.icon}>
                <Icon name={claim.icon} size={20} />
                {i18n._(claim.text)}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
