import type { StaffCity } from '@mmdm/contracts/launch-admin';
import { formatDateTime, formatNumber } from '../../../lib/format.js';

/** Where a city stands on its way to opening, in a few words for the staff's cities list. */
export function describeOpening(city: StaffCity): string {
  const { opening } = city;
  switch (opening.state) {
    case 'none':
      return 'No threshold: opens only by a wave';
    case 'waiting':
      return `Waiting: ${formatNumber(city.confirmed)} of ${formatNumber(city.openingThreshold ?? 0)}`;
    case 'awaiting_approval':
      return `Awaiting approval since ${formatDateTime(opening.thresholdReachedAt)}`;
    case 'open':
      return `Opened ${formatDateTime(opening.openedAt)}${opening.openedBy === 'system' ? ' at its threshold' : opening.openedBy ? ` by ${opening.openedBy}` : ''}`;
  }
}

/** The first wave's size and how it goes, e.g. "500, at once" or "500, after approval". */
export function describeFirstWave(city: StaffCity): string {
  return `${formatNumber(city.firstWaveSize)}, ${city.openMode === 'auto' ? 'at once' : 'after approval'}`;
}
