import { isDependencyUnavailable, UnavailableError } from '@mmdm/shared/errors';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uniqueEmail, useTestContext } from '../../testing/waitlist-harness.js';
import type { SignupWrite } from './signup.repository.js';
import { createSignupWriter } from './signup.writer.js';

const context = useTestContext();

const signupOf = (email: string): SignupWrite => ({
  email,
  emailNormalized: email.toLowerCase(),
  referralSource: null,
  requestId: randomUUID(),
  language: 'en',
});

/** One statement at a time, so everything written while the first runs goes together in the second. */
const oneAtATime = () => createSignupWriter({ db: context.pool, cooldownSeconds: 600, maxInFlight: 1 });

async function committedRows(emails: string[]) {
  const { rows } = await context.pool.query<{
    email: string;
    transaction: string;
    requestIds: string[];
    network: Buffer | null;
    reviewState: string | null;
    reviewReasons: string[] | null;
    language: string;
  }>(
    `select e.email, e.xmin::text as transaction, array_agg(o.request_id order by o.id) as "requestIds",
            e.signup_network as network, e.review_state as "reviewState", e.review_reasons as "reviewReasons",
            e.language
       from waitlist.entries e join waitlist.outbox o on o.entry_id = e.id
      where e.email = any($1) group by e.id order by e.email`,
    [emails],
  );
  return rows;
}

describe('sign-ups grouped into one statement under load', () => {
  it('writes the sign-ups that arrive while a statement runs together: one transaction, each its own mail', async () => {
    const writer = oneAtATime();
    // Every third one flagged for review with its network's hash, as the abuse defences write them; each in one of
    // the five languages, which its entry keeps.
    const languages = ['en', 'es', 'pt', 'de', 'fr'] as const;
    const writes = Array.from({ length: 30 }, (_, i) => ({
      ...(i % 3 === 0
        ? {
            ...signupOf(uniqueEmail('flagged')),
            signupNetwork: Buffer.from([i, 1, 2]),
            reviewReasons: ['dns_unavailable'],
          }
        : signupOf(uniqueEmail('group'))),
      language: languages[i % languages.length]!,
    }));
    await Promise.all(writes.map((write) => writer.write(write)));

    const rows = await committedRows(writes.map((write) => write.email));
    expect(rows).toHaveLength(30);
    for (const write of writes) {
      expect(rows.find((row) => row.email === write.email)).toMatchObject({
        requestIds: [write.requestId],
        network: write.signupNetwork ?? null,
        reviewState: write.reviewReasons ? 'flagged' : null,
        reviewReasons: write.reviewReasons ?? null,
        language: write.language,
      });
    }
    // The first went alone; the 29 that waited for it committed in one transaction.
    expect(new Set(rows.map((row) => row.transaction)).size).toBe(2);
  });

  it('keeps a repeated address for the next statement: one entry, and the resend cooldown holds', async () => {
    const writer = oneAtATime();
    const email = uniqueEmail('repeat');
    const first = signupOf(email);
    const again = signupOf(email);
    await Promise.all([writer.write(signupOf(uniqueEmail('lead'))), writer.write(first), writer.write(again)]);

    const rows = await committedRows([email]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.requestIds).toEqual([first.requestId]);
  });

  it("mails a known address again in a group once its cooldown is over, with that sign-up's request id", async () => {
    const writer = createSignupWriter({ db: context.pool, cooldownSeconds: 0, maxInFlight: 1 });
    const known = uniqueEmail('known');
    const first = signupOf(known);
    await writer.write(first);
    const again = signupOf(known);
    const fresh = signupOf(uniqueEmail('fresh'));
    await Promise.all([writer.write(signupOf(uniqueEmail('lead'))), writer.write(again), writer.write(fresh)]);

    const rows = await committedRows([known, fresh.email]);
    expect(rows.find((row) => row.email === known)?.requestIds).toEqual([first.requestId, again.requestId]);
    expect(rows.find((row) => row.email === fresh.email)?.requestIds).toEqual([fresh.requestId]);
  });

  it('fails only the sign-up whose row Postgres refuses; the others in its group are written', async () => {
    const writer = oneAtATime();
    const [good1, good2] = [uniqueEmail('good'), uniqueEmail('good')];
    const bad = `nul\u0000${uniqueEmail('bad')}`;
    const settled = await Promise.allSettled([
      writer.write(signupOf(uniqueEmail('lead'))),
      writer.write(signupOf(good1)),
      writer.write(signupOf(bad)),
      writer.write(signupOf(good2)),
    ]);
    expect(settled.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((settled[2] as PromiseRejectedResult).reason).toMatchObject({ code: '22021' });
    expect((await committedRows([good1, good2])).map((row) => row.email)).toEqual([good1, good2].sort());
  });

  it('answers sign-ups stuck behind a stalled statement as unavailable within 2 s, not held', async () => {
    const writer = oneAtATime();
    const blocker = await context.pool.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table waitlist.entries in access exclusive mode');
      const started = performance.now();
      const settled = await Promise.allSettled([
        writer.write(signupOf(uniqueEmail('stalled'))),
        writer.write(signupOf(uniqueEmail('waiting'))),
      ]);
      const seconds = (performance.now() - started) / 1000;
      for (const outcome of settled) {
        expect(outcome.status).toBe('rejected');
        const { reason } = outcome as PromiseRejectedResult;
        // Both are answered 503 by the error handler: the one that ran timed out, the one behind it ran out of time.
        expect(reason instanceof UnavailableError || isDependencyUnavailable(reason), String(reason)).toBe(true);
      }
      expect(seconds).toBeLessThan(3); // each is answered within 2 s of arriving, waiting or not
    } finally {
      await blocker.query('rollback');
      blocker.release();
    }
  });
});
