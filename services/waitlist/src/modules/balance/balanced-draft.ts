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

/** How many of each group: a draft's mix, or the ticket holders' who are in a wave before anyone is drafted. */
export type GroupCounts = Record<BalanceGroup, number>;
export const NO_ONE: Readonly<GroupCounts> = Object.freeze({ woman: 0, man: 0, nonbinary: 0 });

const total = (counts: GroupCounts) => BALANCE_GROUPS.reduce((sum, group) => sum + counts[group], 0);

/**
 * How many of each group a draft of `size` declared people may hold at least and at most, `fixed` of them in it
 * already (ticket holders); undefined when no count fits.
 */
function boundsAt(size: number, target: BalanceTarget, lines: GroupLines, fixed: GroupCounts) {
  const bounds = BALANCE_GROUPS.map((group) => {
    const { low, high } = groupBounds(size, target[group], fixed[group] + lines[group].ids.length);
    return { group, low: Math.max(low, fixed[group]), high };
  });
  if (bounds.some(({ low, high }) => low > high)) return undefined;
  const lows = bounds.reduce((sum, { low }) => sum + low, 0);
  const highs = bounds.reduce((sum, { high }) => sum + high, 0);
  return lows <= size && size <= highs ? bounds : undefined;
}

/**
 * The declared part of a balanced wave (decision 035): at most `seats` people with balance data such that every
 * group's share of the wave's declared people (`fixed`: those in it already, the ticket holders who said something,
 * who count toward the mix) is within BALANCE_TOLERANCE_POINTS of its target, as many as fit, then the best places.
 *
 * Each group's candidates come best place first (`ranks`: their order in the one line, lower is better). A group
 * gives its lowest allowed count first; the seats left go one by one to whichever group's next candidate has the best
 * place, while that group stays under its highest allowed count. Every group's picks are thus its best places in order
 * (nobody passed over by a worse place in the same group), and the slack of the tolerance goes to the best places of
 * the line. `counts`: the declared people of each group in the wave, `fixed` included.
 */
export function draftDeclared(
  seats: number,
  target: BalanceTarget,
  lines: GroupLines,
  fixed: GroupCounts = NO_ONE,
): { ids: string[]; counts: GroupCounts } {
  const already = total(fixed);
  for (let size = already + seats; size > already; size -= 1) {
    const bounds = boundsAt(size, target, lines, fixed);
    if (!bounds) continue;
    const counts = Object.fromEntries(bounds.map(({ group, low }) => [group, low])) as GroupCounts;
    let left = size - bounds.reduce((sum, { low }) => sum + low, 0);
    const next = (group: BalanceGroup) => lines[group].ranks[counts[group] - fixed[group]]!;
    while (left > 0) {
      let best: BalanceGroup | undefined;
      for (const { group, high } of bounds) {
        if (counts[group] >= high) continue;
        if (best === undefined || next(group) < next(best)) best = group;
      }
      // boundsAt promised Σ high ≥ size, so a group with room is always there.
      counts[best!] += 1;
      left -= 1;
    }
    return {
      ids: BALANCE_GROUPS.flatMap((group) => lines[group].ids.slice(0, counts[group] - fixed[group])),
      counts,
    };
  }
  return { ids: [], counts: { ...fixed } };
}

/**
 * Whether the ticket holders who said something (`fixed`) leave a mix within the tolerance possible for a draft of
 * `seats` more: no group holds more of them than its highest allowed count of the largest draft. When they do, the
 * wave cannot keep the mix whatever it drafts (they are in it first), and the seats are balanced among themselves.
 */
export function fixedFits(seats: number, target: BalanceTarget, fixed: GroupCounts): boolean {
  const size = total(fixed) + seats;
  return BALANCE_GROUPS.every(
    (group) => fixed[group] <= groupBounds(size, target[group], Number.MAX_SAFE_INTEGER).high,
  );
}

/** The most of each group a draft of `seats` may take: how deep the walk down the declared line must go. */
export function enoughOf(
  seats: number,
  target: BalanceTarget,
  fixed: GroupCounts = NO_ONE,
): Record<BalanceGroup, number> {
  const size = total(fixed) + seats;
  return Object.fromEntries(
    BALANCE_GROUPS.map((group) => [
      group,
      Math.max(0, groupBounds(size, target[group], Number.MAX_SAFE_INTEGER).high - fixed[group]),
    ]),
  ) as Record<BalanceGroup, number>;
}

/**
 * Whether the candidates found so far already decide a draft of `seats` (`found`: how many of each group, all better
 * placed than anyone not read yet; `fixed`: in the wave already): every group has its lowest allowed count, and the
 * groups can fill every seat within their highest. Then the slack goes to people already read, since anyone further
 * down has a worse place, and reading on could change nothing.
 */
export function decided(
  seats: number,
  target: BalanceTarget,
  found: Record<BalanceGroup, number>,
  fixed: GroupCounts = NO_ONE,
): boolean {
  const size = total(fixed) + seats;
  let usable = 0;
  for (const group of BALANCE_GROUPS) {
    const { low, high } = groupBounds(size, target[group], fixed[group] + found[group]);
    if (fixed[group] + found[group] < low || low > high || fixed[group] > high) return false;
    usable += high;
  }
  return usable >= size;
}

export function mixOf(counts: Record<BalanceGroup, number>, unsaid: number): WaveMix {
  return { ...counts, unsaid };
}
