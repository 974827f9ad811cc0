import { randomBytes } from 'node:crypto';
import { request } from '../../support/http.js';
import { uniqueEmail } from '../../support/unique-email.js';

export interface SignupOutcome {
  email: string;
  startedAt: number;
  /** HTTP status, or 0 when no answer came (connection refused, time-out). */
  status: number;
  ms: number;
}

export interface SignupStream {
  outcomes: SignupOutcome[];
  /** Stops sending and waits for every answer. */
  stop(): Promise<SignupOutcome[]>;
}

const randomClient = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/**
 * A steady stream of sign-ups, one every `everyMs`, each from its own client address (as the gateway would state it)
 * and with its own address, not waiting for earlier answers: what a launch-day crowd looks like to the API.
 */
export function signupStream(apiUrl: string, everyMs: number, label: string): SignupStream {
  const outcomes: SignupOutcome[] = [];
  const pending = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const outcome: SignupOutcome = {
      email: uniqueEmail(label),
      startedAt: Date.now(),
      status: 0,
      ms: 0,
    };
    outcomes.push(outcome);
    const done = request(apiUrl, '/waitlist', {
      method: 'POST',
      body: { email: outcome.email },
      headers: { 'x-forwarded-for': randomClient() },
      timeoutMs: 20_000,
    })
      .then(
        (answer) => {
          outcome.status = answer.status;
          outcome.ms = answer.ms;
        },
        () => {
          outcome.ms = Date.now() - outcome.startedAt;
        },
      )
      .finally(() => pending.delete(done));
    pending.add(done);
  }, everyMs);
  return {
    outcomes,
    async stop() {
      clearInterval(timer);
      await Promise.all([...pending]);
      return outcomes;
    },
  };
}

/** How long each outage lasts: 30 s as the issue states; FAULT_OUTAGE_MS shortens it for a quick local run. */
export const OUTAGE_MS = Number(process.env.FAULT_OUTAGE_MS ?? 30_000);
