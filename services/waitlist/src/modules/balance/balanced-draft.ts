import {
  BALANCE_GROUPS,
  BALANCE_TOLERANCE_POINTS,
  type BalanceGroup,
  type BalanceTarget,
  type WaveMix,
} from '@mmdm/contracts/launch-admin';

/** One group's candidates, best place first, and how many of them the draft takes. */
export type GroupLines = Record<BalanceGroup, { ids: string[]; ranks: number[] }>;

/** The share bounds of one group in a draft of `size` declared people. */
export function groupBounds(size: number, target: number, available: number): { low: number; high: number } {
  const low = Math.max(0, Math.ceil((size * (target - BALANCE_TOLERANCE_POINTS)) / 100));
  const high = Math.min(available, size, Math.floor((size * (target + BALANCE_TOLERANCE_POINTS)) / 100));
  return { low, high };
}

/** How many of each group a draft of `size` may hold at least and at most; undefined when no count fits. */
function boundsAt(size: number, target: BalanceTarget, lines: GroupLines) {
  const bounds = BALANCE_GROUPS.map((group) => ({
    group,
    ...groupBounds(size, target[group], lines[group].ids.length),
  }));
  if (bounds.some(({ low, high }) => low > high)) return undefined;
  const lows = bounds.reduce((sum, { low }) => sum + low, 0);
  const highs = bounds.reduce((sum, { high }) => sum + high, 0);
  return lows <= size && size <= highs ? bounds : undefined;
}

/**
 * The declared part of a balanced wave (decision 035): at most `seats` people with balance data such that every
 * group's share of them is within BALANCE_TOLERANCE_POINTS of its target, as many as fit, then the best places.
 *
 * Each group's candidates come best place first (`ranks`: their order in the one line, lower is better). A group
 * gives its lowest allowed count first; the seats left go one by one to whichever group's next candidate has the best
 * place, while that group stays under its highest allowed count. Every group's picks are thus its best places in order
 * (nobody passed over by a worse place in the same group), and the slack of the tolerance goes to the best places of
 * the line.
 */
export function draftDeclared(
  seats: number,
  target: BalanceTarget,
  lines: GroupLines,
): { ids: string[]; counts: Record<BalanceGroup, number> } {
  for (let size = seats; size > 0; size -= 1) {
    const bounds = boundsAt(size, target, lines);
    if (!bounds) continue;
    const counts = Object.fromEntries(bounds.map(({ group, low }) => [group, low])) as Record<BalanceGroup, number>;
    let left = size - bounds.reduce((sum, { low }) => sum + low, 0);
    while (left > 0) {
      let best: BalanceGroup | undefined;
      for (const { group, high } of bounds) {
        if (counts[group] >= high) continue;
        const rank = lines[group].ranks[counts[group]]!;
        if (best === undefined || rank < lines[best].ranks[counts[best]]!) best = group;
      }
      // boundsAt promised Σ high ≥ size, so a group with room is always there.
      counts[best!] += 1;
      left -= 1;
    }
    return { ids: BALANCE_GROUPS.flatMap((group) => lines[group].ids.slice(0, counts[group])), counts };
  }
  return { ids: [], counts: { woman: 0, man: 0, nonbinary: 0 } };
}

/** The most of each group a draft of `seats` may take: how deep the walk down the declared line must go. */
export function enoughOf(seats: number, target: BalanceTarget): Record<BalanceGroup, number> {
  return Object.fromEntries(
    BALANCE_GROUPS.map((group) => [group, groupBounds(seats, target[group], Number.MAX_SAFE_INTEGER).high]),
  ) as Record<BalanceGroup, number>;
}

/**
 * Whether the candidates found so far already decide a draft of `seats` (`found`: how many of each group, all better
 * placed than anyone not read yet): every group has its lowest allowed count, and the groups can fill every seat within
 * their highest. Then the slack goes to people already read, since anyone further down has a worse place, and reading
 * on could change nothing.
 */
export function decided(seats: number, target: BalanceTarget, found: Record<BalanceGroup, number>): boolean {
  let usable = 0;
  for (const group of BALANCE_GROUPS) {
    const { low, high } = groupBounds(seats, target[group], found[group]);
    if (found[group] < low || low > high) return false;
    usable += high;
  }
  return usable >= seats;
}

export function mixOf(counts: Record<BalanceGroup, number>, unsaid: number): WaveMix {
  return { ...counts, unsaid };
}
