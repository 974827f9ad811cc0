import { i18n } from '../../../lib/i18n/i18n.js';
import type { ConfirmedPlace } from '../api/confirm-entry.js';

/** Dates in the page's language; English pages write them the British way ("3 March 2026"). */
function formatDate(date: Date): string {
  const locale = i18n.locale === 'en' ? 'en-GB' : i18n.locale;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** The rule of the line in one sentence, with this deployment's boost. */
export function placeRule(boost: number): string {
  return i18n._({
    id: 'web.place.rule',
    message:
      'Each friend who joins with your link and confirms moves you {boost, plural, one {# place} other {# places}} up; ties go by confirmation time.',
    values: { boost },
  });
}

/** Why the person stands where they do: "Confirmed on 3 March 2026, 3 friends joined: 30 places up." */
export function placeExplanation({ confirmedAt, referralCount, boost }: ConfirmedPlace): string {
  const date = confirmedAt ? new Date(confirmedAt) : null;
  const confirmed =
    date && !Number.isNaN(date.getTime())
      ? i18n._({ id: 'web.place.confirmedOn', message: 'Confirmed on {date}', values: { date: formatDate(date) } })
      : i18n._({ id: 'web.place.confirmed', message: 'Confirmed' });
  if (referralCount === 0)
    return i18n._({
      id: 'web.place.noFriends',
      message: '{confirmed}; no friend has joined with your link yet.',
      values: { confirmed },
    });
  return i18n._({
    id: 'web.place.friendsJoined',
    message:
      '{confirmed}, {friends, plural, one {# friend} other {# friends}} joined: {places, plural, one {# place} other {# places}} up.',
    values: { confirmed, friends: referralCount, places: referralCount * boost },
  });
}

/** "1,234 people": counts of people, in words that read. */
export function people(count: number): string {
  return i18n._({
    id: 'web.place.people',
    message: '{count, plural, one {# person} other {# people}}',
    values: { count },
  });
}

/**
 * The person's place in line with the whole picture around it: how long the line is, how many are behind them, the
 * friends credited, those who joined and have not confirmed yet, and those held for a check.
 */
export function PlaceCard({ place }: { place: ConfirmedPlace }) {
  return (
    <div className="card place-card">
      <h2>{i18n._({ id: 'web.place.title', message: 'Your place in line' })}</h2>
      {place.position === null ? (
        // A confirmed entry without a place is being checked (the review queue): no number to show yet.
        <p>
          {i18n._({
            id: 'web.place.checking',
            message: 'We are checking your sign-up; your place shows here once that is done.',
          })}
        </p>
      ) : (
        <>
          <p className="place-card__number">#{i18n.number(place.position)}</p>
          <p className="place-card__line">
            {i18n._({
              id: 'web.place.line',
              message: 'of {inLine} in line · {behind} behind you',
              values: { inLine: people(place.lineLength), behind: people(place.behind ?? 0) },
            })}
          </p>
        </>
      )}
      <h3 className="place-card__subheading">{i18n._({ id: 'web.place.friends', message: 'Your friends' })}</h3>
      <ul className="place-card__friends-list">
        <li className="place-card__friends">
          {i18n._({
            id: 'web.place.credited',
            message: '{count, plural, one {# friend} other {# friends}} credited',
            values: { count: place.referralCount },
          })}
        </li>
        {place.friendsPending > 0 ? (
          <li>
            {i18n._({
              id: 'web.place.pending',
              message:
                '{count, plural, one {# friend joined and has not confirmed yet} other {# friends joined and have not confirmed yet}}: they count once they open the link in their e-mail.',
              values: { count: place.friendsPending },
            })}
          </li>
        ) : null}
        {place.friendsHeld > 0 ? (
          <li>
            {i18n._({
              id: 'web.place.held',
              message:
                '{count, plural, one {# friend} other {# friends}} held for a check. We check a friend’s sign-up by hand when several come from one network or device, or look like copies of one address, so nobody climbs the line with made-up friends.',
              values: { count: place.friendsHeld },
            })}
          </li>
        ) : null}
      </ul>
      <p>{placeExplanation(place)}</p>
      <p className="place-card__rule">{placeRule(place.boost)}</p>
    </div>
  );
}
