import { clientKeyOf } from '@mmdm/shared/client-address';
import type { ClientRateLimiter } from '../../lib/rate-limit.js';

/** The highest level a client's pace asks for, as the pressure's (each level doubles the proof of work). */
const MAX_LEVEL = 8;

/**
 * The proof of work a client's own pace asks for (docs/decisions/025): nothing for its first `workAfter` sign-ups in
 * the window, then level 1, and one level (twice the work) more each time its count doubles. A launch party (200
 * people behind one address within 10 minutes) pays at most level 5, a few seconds on a phone; a script pays the
 * same per sign-up and meets SIGNUP_RATE_LIMIT's hard ceiling, which no crowd of browsers reaches.
 */
export function paceLevel(count: number, workAfter: number): number {
  if (count <= workAfter) return 0;
  return Math.min(MAX_LEVEL, 1 + Math.floor(Math.log2(count / workAfter)));
}

export interface ClientPace {
  /** The level the client at `address` will need for its next sign-up (for the challenge handed out now). */
  upcoming(address: string): number;
  /** The level for a sign-up that made the client's count `count`. */
  levelAt(count: number): number;
}

export function createClientPace(limiter: ClientRateLimiter, workAfter: number): ClientPace {
  return {
    upcoming: (address) => paceLevel(limiter.peek(clientKeyOf(address)) + 1, workAfter),
    levelAt: (count) => paceLevel(count, workAfter),
  };
}
