import type { ConfirmedPlace } from '../api/confirm-entry.js';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

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

/** The person's place in line, the friends credited, and how both came about. */
export function PlaceCard({ place }: { place: ConfirmedPlace }) {
  return (
    <div className="card place-card">
      <h2>Your place in line</h2>
      {place.position === null ? (
        // A confirmed entry without a place is being checked (the review queue): no number to show yet.
        <p>We are checking your sign-up; your place shows here once that is done.</p>
      ) : (
        <p className="place-card__number">#{place.position}</p>
      )}
      <p className="place-card__friends">{friends(place.referralCount)} credited</p>
      <p>{placeExplanation(place)}</p>
      <p className="place-card__rule">{placeRule(place.boost)}</p>
    </div>
  );
}
