import type { ConfirmedPlace } from '../api/confirm-entry.js';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const numberFormat = new Intl.NumberFormat('en-US');

function friends(count: number): string {
  return count === 1 ? '1 friend' : `${count} friends`;
}

function places(count: number): string {
  return count === 1 ? '1 place' : `${count} places`;
}

/** The rule of the line in one sentence, with this deployment's boost. */
export function placeRule(boost: number): string {
  return `Each friend who joins with your link and confirms moves you ${places(boost)} up; ties go by confirmation time.`;
}

/** Why the person stands where they do: "Confirmed on 3 March 2026, 3 friends joined: 30 places up." */
export function placeExplanation({ confirmedAt, referralCount, boost }: ConfirmedPlace): string {
  const date = confirmedAt ? new Date(confirmedAt) : null;
  const confirmed = date && !Number.isNaN(date.getTime()) ? `Confirmed on ${dateFormat.format(date)}` : 'Confirmed';
  if (referralCount === 0) return `${confirmed}; no friend has joined with your link yet.`;
  return `${confirmed}, ${friends(referralCount)} joined: ${places(referralCount * boost)} up.`;
}

/** "1,234 people": counts of people, in words that read. */
export function people(count: number): string {
  return count === 1 ? '1 person' : `${numberFormat.format(count)} people`;
}

/** Why a friend's credit waits: the one sentence the page and the tests share. */
export const HOLD_REASON =
  'We check a friend’s sign-up by hand when several come from one network or device, or look like copies of one address, so nobody climbs the line with made-up friends.';

/**
 * The person's place in line with the whole picture around it: how long the line is, how many are behind them, the
 * friends credited, those who joined and have not confirmed yet, and those held for a check.
 */
export function PlaceCard({ place }: { place: ConfirmedPlace }) {
  return (
    <div className="card place-card">
      <h2>Your place in line</h2>
      {place.position === null ? (
        // A confirmed entry without a place is being checked (the review queue): no number to show yet.
        <p>We are checking your sign-up; your place shows here once that is done.</p>
      ) : (
        <>
          <p className="place-card__number">#{numberFormat.format(place.position)}</p>
          <p className="place-card__line">
            of {people(place.lineLength)} in line · {people(place.behind ?? 0)} behind you
          </p>
        </>
      )}
      <h3 className="place-card__subheading">Your friends</h3>
      <ul className="place-card__friends-list">
        <li className="place-card__friends">{friends(place.referralCount)} credited</li>
        {place.friendsPending > 0 ? (
          <li>
            {place.friendsPending === 1
              ? '1 friend joined and has not confirmed yet'
              : `${place.friendsPending} friends joined and have not confirmed yet`}
            : they count once they open the link in their e-mail.
          </li>
        ) : null}
        {place.friendsHeld > 0 ? (
          <li>
            {friends(place.friendsHeld)} held for a check. {HOLD_REASON}
          </li>
        ) : null}
      </ul>
      <p>{placeExplanation(place)}</p>
      <p className="place-card__rule">{placeRule(place.boost)}</p>
    </div>
  );
}
