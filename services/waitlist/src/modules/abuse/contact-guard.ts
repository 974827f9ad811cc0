import { HONEYPOT_FIELD, type ChallengeAnswer } from '@mmdm/contracts/waitlist';
import type { ClientRateLimiter } from '../../lib/rate-limit.js';
import type { ChallengeService } from './challenge.service.js';
import { networkOf } from './network.js';
import type { PressureGauge } from './pressure.js';

export interface ContactGuardDeps {
  /** A challenge service of the contact form's own, over `pressure` (SIGNUP_CHALLENGE's mode, cost and key). */
  challenge: ChallengeService;
  /** The contact form's pressure (CONTACT_PRESSURE_*): a flood of messages does not make sign-ups pay, nor the reverse. */
  pressure: PressureGauge;
  /** Messages per network (CONTACT_RATE_LIMIT per hour). */
  limiter: ClientRateLimiter;
}

/** What the form's defences look at: its proof of work and its hidden honeypot field. */
export interface GuardedForm {
  altcha?: string | undefined;
  [HONEYPOT_FIELD]?: string | undefined;
}

export type ContactVerdict =
  /** A bot (the honeypot was filled): answer exactly as to a person, write nothing. */
  | { discard: true }
  | { discard: false; /** Call if storing the message then fails on our side. */ undo(): Promise<void> };

/**
 * The sign-up's defences, for the contact form: the rate limit per network, the honeypot, and the adaptive proof of
 * work, through the same mechanisms (rate limiter, pressure gauge, ALTCHA challenges) with the form's own counts.
 * No domain check: a person may well write to us from an address we would not put on the list. Every refusal is
 * thrown before anything is written.
 */
export function createContactGuard({ challenge, pressure, limiter }: ContactGuardDeps) {
  return {
    /** The challenge a client's form solves in the background, at the contact form's pressure on its network. */
    challenge(address: string): Promise<ChallengeAnswer> {
      return challenge.issue(networkOf(address));
    },

    async check(input: GuardedForm, address: string): Promise<ContactVerdict> {
      const network = networkOf(address);
      await limiter.consume(network);
      pressure.recordNetwork(network);
      // As for sign-ups (signup-guard.ts): only what the network's own limits do not stop counts everywhere.
      const pressed = pressure.networkLevel(network) > 0;
      if (!pressed) pressure.recordGlobal();
      if (input[HONEYPOT_FIELD]) return { discard: true };
      const level = challenge.needed(network);
      const spent = level > 0 ? await challenge.verify(input.altcha, level) : undefined;
      if (pressed) pressure.recordGlobal();
      return {
        discard: false,
        undo: async () => {
          if (spent) await challenge.release(spent);
        },
      };
    },
  };
}

export type ContactGuard = ReturnType<typeof createContactGuard>;
