import { UnavailableError } from '@mmdm/shared/errors';
import { isDeadlock, type Queryable } from '../../lib/db.js';
import { insertSignups, SIGN_UP_TIMEOUT_MS, type SignupWrite } from './signup.repository.js';

export interface SignupWriterOptions {
  db: Queryable;
  cooldownSeconds: number;
  /** Sign-up statements in flight at once; sign-ups arriving while all are busy wait and go together in the next. */
  maxInFlight?: number;
}

/** Sign-ups in one statement at most. */
const MAX_GROUP = 100;

/**
 * Every sign-up is answered within this time of reaching the writer, as one statement alone always was (its own
 * client-side time-out): a 503 the visitor may send again. Its statement may still commit afterwards, as a timed-out
 * statement could before; sending the sign-up again is harmless (the statement is idempotent).
 */
const ANSWER_WITHIN_MS = SIGN_UP_TIMEOUT_MS;

/** Failures that belong to one row's data (SQLSTATE 22 data exception, 23 integrity) or to two statements meeting. */
const ONE_BY_ONE_CLASSES = new Set(['22', '23']);

function isWorthWritingOneByOne(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && ONE_BY_ONE_CLASSES.has(code.slice(0, 2))) || isDeadlock(error);
}

interface Waiting {
  write: SignupWrite;
  /** Answered already: written, failed, or out of time. */
  settled: boolean;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for sign-ups (decision 023). A sign-up is written at once while fewer than `maxInFlight` sign-up
 * statements run; under load, the sign-ups that arrive meanwhile go together in the next statement, one transaction
 * for all of them. Postgres then pays its per-statement and per-commit work (the protocol round trip, the executor's
 * start and end, the WAL flush) once per group instead of once per sign-up, and the service makes one round trip.
 *
 * Nothing changes for a visitor: each sign-up is answered only after the statement holding it has committed, so an
 * acknowledged sign-up is never lost. One statement never holds the same address twice (a repeat waits for the next
 * one), so the rows of one statement never meet. A failure that may be one row's own (bad data, a constraint) or a
 * deadlock between two groups is retried sign-up by sign-up, so it reaches only the sign-up it belongs to; an outage
 * or a time-out reaches the whole group, each of whom may send again (the statement is idempotent).
 */
export function createSignupWriter({ db, cooldownSeconds, maxInFlight = 4 }: SignupWriterOptions) {
  let waiting: Waiting[] = [];
  let inFlight = 0;

  /** The oldest sign-ups still waiting, one per address, up to MAX_GROUP; the others keep their place in the queue. */
  function takeGroup(): Waiting[] {
    const group: Waiting[] = [];
    const addresses = new Set<string>();
    const left: Waiting[] = [];
    for (const item of waiting) {
      if (item.settled) continue; // out of time while it waited
      if (group.length < MAX_GROUP && !addresses.has(item.write.emailNormalized)) {
        addresses.add(item.write.emailNormalized);
        group.push(item);
      } else {
        left.push(item);
      }
    }
    waiting = left;
    return group;
  }

  async function writeGroup(group: Waiting[]): Promise<void> {
    try {
      await insertSignups(
        db,
        group.map((item) => item.write),
        cooldownSeconds,
      );
      for (const item of group) item.resolve();
    } catch (error) {
      if (group.length === 1 || !isWorthWritingOneByOne(error)) {
        for (const item of group) item.reject(error);
        return;
      }
      for (const item of group) {
        if (item.settled) continue;
        await insertSignups(db, [item.write], cooldownSeconds).then(item.resolve, item.reject);
      }
    }
  }

  function pump(): void {
    while (inFlight < maxInFlight && waiting.length > 0) {
      const group = takeGroup();
      if (group.length === 0) continue; // all of them had waited too long
      inFlight += 1;
      void writeGroup(group).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    /**
     * Resolves once the sign-up is committed (with its outbox row); rejects with the statement's error, or as
     * unavailable once ANSWER_WITHIN_MS have passed without either.
     */
    write(write: SignupWrite): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        /** The first answer counts: a statement finishing after the deadline changes nothing for the visitor. */
        const once =
          <Args extends unknown[]>(answer: (...args: Args) => void) =>
          (...args: Args) => {
            if (item.settled) return;
            item.settled = true;
            clearTimeout(deadline);
            answer(...args);
          };
        const item: Waiting = { write, settled: false, resolve: once(resolve), reject: once(reject) };
        const deadline = setTimeout(() => item.reject(new UnavailableError()), ANSWER_WITHIN_MS);
        waiting.push(item);
        pump();
      });
    },
  };
}

export type SignupWriter = ReturnType<typeof createSignupWriter>;
