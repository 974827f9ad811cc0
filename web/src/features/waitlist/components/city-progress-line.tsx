import type { CityProgress } from '@mmdm/contracts/launch';
import { i18n } from '../../../lib/i18n/i18n.js';

/**
 * A city's way to its opening in one line: "Lisbon: 1,240 of 2,000 needed to open", "Lisbon: 2,000 of 2,000 — opening
 * soon" once reached, "Lisbon is open: invitations are on their way" once open.
 */
export function progressText(name: string, progress: CityProgress): string {
  if (progress.opened)
    return i18n._({
      id: 'web.cities.open',
      message: '{name} is open: invitations are on their way.',
      values: { name },
    });
  // Figures in the page's language (1,240 in English, 1.240 in Spanish).
  const values = { name, confirmed: i18n.number(progress.confirmed), threshold: i18n.number(progress.threshold) };
  return progress.confirmed >= progress.threshold
    ? i18n._({ id: 'web.cities.reached', message: '{name}: {confirmed} of {threshold} people, opening soon.', values })
    : i18n._({ id: 'web.cities.progress', message: '{name}: {confirmed} of {threshold} needed to open.', values });
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
