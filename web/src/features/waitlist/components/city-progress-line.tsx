import type { CityProgress } from '@mmdm/contracts/launch';

const figures = new Intl.NumberFormat(undefined);

/**
 * A city's way to its opening in one line: "Lisbon: 1,240 of 2,000 needed to open", "Lisbon: 2,000 of 2,000 — opening
 * soon" once reached, "Lisbon is open: invitations are on their way" once open.
 */
export function progressText(name: string, progress: CityProgress): string {
  if (progress.opened) return `${name} is open: invitations are on their way.`;
  const counts = `${figures.format(progress.confirmed)} of ${figures.format(progress.threshold)}`;
  return progress.confirmed >= progress.threshold
    ? `${name}: ${counts} people, opening soon.`
    : `${name}: ${counts} needed to open.`;
}

/** One city's line with a bar beside it (the bar says nothing the line does not: hidden from screen readers). */
export function CityProgressLine({ name, progress }: { name: string; progress: CityProgress }) {
  const share = progress.opened ? 1 : Math.min(progress.confirmed / progress.threshold, 1);
  return (
    <div className="city-progress">
      <p className="city-progress__text">{progressText(name, progress)}</p>
      <div className="city-progress__bar" aria-hidden="true">
        <span style={{ width: `${Math.round(share * 1000) / 10}%` }} />
      </div>
    </div>
  );
}
