import { HONEYPOT_FIELD, type SignupInput } from '@mmdm/contracts/waitlist';
import type { ChallengeService } from './challenge.service.js';
import type { DomainCheck } from './domain-check.js';
import { networkOf, type OriginHasher } from './network.js';
import type { PressureGauge } from './pressure.js';

/** Where a sign-up came from, as the route knows it. */
export interface SignupOrigin {
  address: string;
  userAgent: string;
}

/** What a sign-up that passed the defences carries into its row. */
export interface SignupMarks {
  signupNetwork: Buffer;
  signupDevice: Buffer;
  /** Non-empty: the entry goes into the review queue with these reasons. */
  reviewReasons: string[];
}

export type GuardVerdict =
  /** A bot (the honeypot was filled): answer exactly as to a person, write nothing. */
  | { discard: true }
  | { discard: false; marks: SignupMarks; /** Call if the sign-up then fails on our side. */ undo(): Promise<void> };

export interface SignupGuardDeps {
  challenge: ChallengeService;
  pressure: PressureGauge;
  domains: DomainCheck;
  origins: OriginHasher;
}

/**
 * The sign-up's defences, in the order of their cost: the honeypot, the proof of work (only when needed), the
 * address's domain (packaged and staff lists in memory, then the DNS, cached). Every refusal is a 400 decided by the
 * request alone, never by who is on the list (no enumeration), and is thrown before anything is written.
 */
export function createSignupGuard({ challenge, pressure, domains, origins }: SignupGuardDeps) {
  return {
    /** `clientLevel`: the proof of work the client's own pace asks for (client-pace.ts), 0 when none. */
    async check(input: SignupInput, origin: SignupOrigin, clientLevel = 0): Promise<GuardVerdict> {
      const network = networkOf(origin.address);
      pressure.recordNetwork(network);
      // Everywhere's count takes what the network's own limits do not stop: at once while the network is calm, only
      // once its proof of work passed while it presses (a refused flood raises its own cost, not everyone's).
      const pressed = pressure.networkLevel(network) > 0;
      if (!pressed) pressure.recordGlobal();
      if (input[HONEYPOT_FIELD]) return { discard: true };
      const level = challenge.needed(network, clientLevel);
      const spent = level > 0 ? await challenge.verify(input.altcha, level) : undefined;
      if (pressed) pressure.recordGlobal();
      const undo = async () => {
        if (spent) await challenge.release(spent);
      };
      let verdict;
      try {
        verdict = await domains.check(input.email);
      } catch (error) {
        await undo();
        throw error;
      }
      return {
        discard: false,
        undo,
        marks: {
          signupNetwork: origins.network(origin.address),
          signupDevice: origins.device(origin.address, origin.userAgent),
          reviewReasons: verdict === 'flag' ? ['dns_unavailable'] : [],
        },
      };
    },
  };
}

export type SignupGuard = ReturnType<typeof createSignupGuard>;
