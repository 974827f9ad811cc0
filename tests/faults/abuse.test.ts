import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChallengeAnswer } from '@mmdm/contracts/waitlist';
import { challengeSecrets } from '../../services/waitlist/src/modules/abuse/challenge.service.js';
import { solveForSignup } from '../../services/waitlist/src/testing/altcha-solver.js';
import {
  confirmTokenIn,
  createTestContext,
  type TestContext,
} from '../../services/waitlist/src/testing/waitlist-harness.js';
import { SmtpSink, startTestDnsServer, type TestDnsServer } from '../support/index.js';
import { request } from '../support/http.js';
import { freePort } from '../support/free-port.js';
import { startServiceProcess, untilHealthy, type ServiceProcess } from './support/service-process.js';
import { sleep } from './support/timing.js';
import { startSystem, type System } from './support/system.js';

/**
 * Attacks on the sign-up, as scripts would make them, through the gateway against the whole system (API with
 * SIGNUP_CHALLENGE=always at the default cost, the e-mail worker and an SMTP sink, the DNS check against a DNS
 * server of our own on loopback), with the referral-fraud rules at their defaults.
 */
const DEFAULT_PER_NETWORK = 3;

let sink: SmtpSink;
let dns: TestDnsServer;
let system: System;

beforeAll(async () => {
  sink = await new SmtpSink().start();
  dns = await startTestDnsServer({ 'farm.test': { mx: ['mx.farm.test'] }, 'people.test': { mx: ['mx.people.test'] } });
  system = await startSystem({
    sink,
    apiEnv: {
      SIGNUP_RATE_LIMIT: '1000000',
      SIGNUP_CHALLENGE: 'always',
      EMAIL_DNS_CHECK: 'true',
      DNS_SERVERS: dns.address,
      REFERRAL_HOLD_PER_NETWORK: String(DEFAULT_PER_NETWORK),
      REFERRAL_HOLD_PER_DEVICE: '2',
      REFERRAL_HOLD_BURST_MIN: '10',
    },
  });
});

afterAll(async () => {
  await system?.close();
  await dns?.close();
  await sink?.close();
});

const url = () => system.gateway.url;

/** Runs `task` for 0..count-1, `parallel` at a time. */
async function pool<T>(count: number, parallel: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let i = next++; i < count; i = next++) results[i] = await task(i);
    }),
  );
  return results;
}

async function solved(localAddress?: string): Promise<string> {
  const answer = await request(url(), '/waitlist/challenge', { localAddress });
  expect(answer.status).toBe(200);
  return solveForSignup(answer.body as ChallengeAnswer);
}

async function countWhere(pattern: string) {
  const { rows } = await system.context.pool.query<{ entries: number; outbox: number }>(
    `select (select count(*)::int from waitlist.entries where email like $1) as entries,
            (select count(*)::int from waitlist.outbox o join waitlist.entries e on e.id = o.entry_id where e.email like $1) as outbox`,
    [pattern],
  );
  return rows[0]!;
}

describe('scripted sign-ups', () => {
  it('1,000 sign-ups without a solution, from 1,000 addresses in 100 networks: 0 rows, 0 mails', async () => {
    const answers = await pool(1000, 25, (i) =>
      request(url(), '/waitlist', {
        method: 'POST',
        body: { email: `script-${i}@people.test` },
        localAddress: `127.${10 + Math.floor(i / 10)}.${i % 10}.1`,
      }),
    );
    const byCode = new Map<string, number>();
    for (const answer of answers)
      byCode.set(
        `${answer.status} ${answer.body?.code}`,
        (byCode.get(`${answer.status} ${answer.body?.code}`) ?? 0) + 1,
      );
    console.info(`1,000 scripted sign-ups without a solution: ${JSON.stringify(Object.fromEntries(byCode))}`);
    expect(Object.fromEntries(byCode)).toEqual({ '400 challenge_required': 1000 });
    expect(await countWhere('script-%@people.test')).toEqual({ entries: 0, outbox: 0 });
    await sleep(1000);
    expect(sink.messages.filter((mail) => mail.envelope.to.some((to) => to.startsWith('script-')))).toHaveLength(0);
  });

  it('a replayed solution is refused and writes nothing', async () => {
    const altcha = await solved();
    const first = await request(url(), '/waitlist', {
      method: 'POST',
      body: { email: 'replay-1@people.test', altcha },
    });
    expect(first.status).toBe(200);
    const replays = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(url(), '/waitlist', { method: 'POST', body: { email: `replay-${i + 2}@people.test`, altcha } }),
      ),
    );
    expect(replays.map((answer) => `${answer.status} ${answer.body?.code}`)).toEqual(
      Array(20).fill('400 challenge_spent'),
    );
    expect((await countWhere('replay-%@people.test')).entries).toBe(1);
  });

  it('a spent solution replayed with its signature in other letter cases is refused and writes nothing', async () => {
    const altcha = await solved();
    const first = await request(url(), '/waitlist', {
      method: 'POST',
      body: { email: 'case-replay-0@people.test', altcha },
    });
    expect(first.status).toBe(200);
    // Hex reads the same in either case: upper case, and alternating cases, of the challenge's signature.
    const payload = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')) as {
      challenge: { signature: string };
    };
    const spellings = [
      (hex: string) => hex.toUpperCase(),
      (hex: string) => hex.replace(/[a-f]/, (c) => c.toUpperCase()),
      (hex: string) => [...hex].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join(''),
      (hex: string) => [...hex].map((c, i) => (i % 2 ? c : c.toUpperCase())).join(''),
    ];
    const variants = spellings
      .map((spell) => spell(payload.challenge.signature))
      .filter((signature) => signature !== payload.challenge.signature);
    expect(variants.length).toBeGreaterThan(0);
    const replays = await Promise.all(
      variants.map((signature, i) =>
        request(url(), '/waitlist', {
          method: 'POST',
          body: {
            email: `case-replay-${i + 1}@people.test`,
            altcha: Buffer.from(
              JSON.stringify({ ...payload, challenge: { ...payload.challenge, signature } }),
            ).toString('base64'),
          },
        }),
      ),
    );
    expect(replays.map((answer) => answer.status)).toEqual(variants.map(() => 400));
    expect((await countWhere('case-replay-%@people.test')).entries).toBe(1);
  });

  it('100 throwaway-domain sign-ups, each with a valid solution: 0 rows, 0 mails', async () => {
    const require = createRequire(import.meta.url);
    const list = require('disposable-email-domains') as string[];
    // 100 domains spread over the packaged list.
    const domains = Array.from({ length: 100 }, (_, i) => list[Math.floor((i * list.length) / 100)]!);
    const answers = await pool(100, 10, async (i) =>
      request(url(), '/waitlist', {
        method: 'POST',
        body: { email: `throwaway-${i}@${domains[i]}`, altcha: await solved() },
      }),
    );
    expect(answers.map((answer) => `${answer.status} ${answer.body?.message}`)).toEqual(
      Array(100).fill('400 Please use a permanent e-mail address'),
    );
    expect(await countWhere('throwaway-%')).toEqual({ entries: 0, outbox: 0 });
  });
});

/** The constants the keys fell back to before decision 025, public in the source's history. */
const OLD_PUBLIC_ABUSE_KEY = 'development-only-abuse-key';
const OLD_PUBLIC_SUPPRESSION_KEY = 'development-only-suppression-key';

describe('no key with a public default (ABUSE_KEY, SUPPRESSION_KEY unset)', () => {
  it('refuses a challenge signed with the old public default key, solved, and writes nothing', async () => {
    const forged = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      deriveKey,
      counter: 3,
      data: { level: 8 },
      expiresAt: Math.floor(Date.now() / 1000) + 600,
      ...challengeSecrets(OLD_PUBLIC_ABUSE_KEY),
    });
    const altcha = await solveForSignup({
      required: true,
      challenge: { parameters: { ...forged.parameters }, signature: forged.signature ?? '' },
    });
    const answer = await request(url(), '/waitlist', {
      method: 'POST',
      body: { email: 'old-key-forgery@people.test', altcha },
    });
    expect(`${answer.status} ${answer.body?.code}`).toBe('400 challenge_invalid');
    expect((await countWhere('old-key-forgery@people.test')).entries).toBe(0);
  });

  it('keys the suppression list with a key of its own, not the old public one', async () => {
    const signup = await request(url(), '/waitlist', {
      method: 'POST',
      body: { email: 'leaving@people.test', altcha: await solved() },
    });
    expect(signup.status).toBe(200);
    await sink.waitFor(() => sink.to('leaving@people.test').length > 0);
    const mail = sink.to('leaving@people.test')[0]!;
    const token = /unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec(mail.parsed.text ?? '')?.[1];
    expect(token).toBeDefined();
    expect((await request(url(), '/waitlist/unsubscribe', { method: 'POST', body: { token } })).status).toBe(200);
    const { rows } = await system.context.pool.query<{ email_hash: Buffer }>(
      'select email_hash from waitlist.suppressions',
    );
    expect(rows).toHaveLength(1);
    const underOldKey = createHmac('sha256', OLD_PUBLIC_SUPPRESSION_KEY).update('leaving@people.test').digest();
    expect(rows[0]!.email_hash.equals(underOldKey)).toBe(false);
  });

  describe('two API processes started at once on a fresh database', () => {
    let context: TestContext;
    const processes: ServiceProcess[] = [];
    afterAll(async () => {
      for (const child of processes) if (child.child.exitCode === null) child.child.kill('SIGKILL');
      await context?.close();
    });

    it('generate one key, keep it in Postgres and share it: a challenge from one is accepted by the other', async () => {
      context = await createTestContext();
      const ports = [await freePort(), await freePort()];
      for (const port of ports)
        processes.push(
          startServiceProcess('services/waitlist/src/main.ts', {
            DATABASE_URL: context.databaseUrl,
            REDIS_URL: context.redisUrl,
            REDIS_PREFIX: context.prefix,
            WAITLIST_PORT: String(port),
            HOST: '127.0.0.1',
            TRUST_PROXY: 'loopback',
            SIGNUP_CHALLENGE: 'always',
            EMAIL_DNS_CHECK: 'false',
          }),
        );
      const [first, second] = ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
      // Two processes compiling their sources at once on a loaded machine: give them time.
      await Promise.all([untilHealthy(first, processes[0]!, 120_000), untilHealthy(second, processes[1]!, 120_000)]);
      const challenge = await request(first, '/waitlist/challenge');
      const answer = await request(second, '/waitlist', {
        method: 'POST',
        body: { email: 'shared-key@people.test', altcha: await solveForSignup(challenge.body as ChallengeAnswer) },
      });
      expect(answer.status).toBe(200);
      const { rows } = await context.pool.query<{ name: string; secret: string }>(
        'select name, secret from waitlist.service_keys order by name',
      );
      expect(rows.map((row) => row.name)).toEqual(['abuse', 'balance', 'suppression', 'webhook']);
      expect(rows.map((row) => row.secret)).not.toContain(OLD_PUBLIC_ABUSE_KEY);
      expect(rows.map((row) => row.secret)).not.toContain(OLD_PUBLIC_SUPPRESSION_KEY);
    });
  });
});

describe('a referral farm', () => {
  it(`100 confirmed friends from one network: at most ${DEFAULT_PER_NETWORK} credited, the rest held for review with their rule`, async () => {
    const signUp = async (email: string, localAddress: string, referralSource?: string) => {
      const answer = await request(url(), '/waitlist', {
        method: 'POST',
        body: { email, altcha: await solved(localAddress), ...(referralSource ? { referralSource } : {}) },
        localAddress,
        headers: { 'user-agent': 'farm-script/1.0' },
      });
      expect(answer.status, answer.text).toBe(200);
    };
    const confirm = async (email: string) => {
      await sink.waitFor(() => sink.to(email).length > 0, 30_000);
      const token = confirmTokenIn(sink.to(email)[0]!.parsed.text ?? '');
      const answer = await request(url(), '/waitlist/confirm', { method: 'POST', body: { token } });
      if (answer.status !== 200)
        console.error(
          system.api.logs
            .text()
            .split('\n')
            .filter((line) => line.includes('"err"'))
            .slice(-3)
            .join('\n'),
        );
      expect(answer.status, answer.text).toBe(200);
      return answer.body.data as { referralCode: string };
    };

    await signUp('farmer@farm.test', '127.66.0.1');
    const { referralCode } = await confirm('farmer@farm.test');
    const friends = Array.from(
      { length: 100 },
      (_, i) => `fake-friend-${String.fromCharCode(97 + (i % 26))}${i}x@farm.test`,
    );
    await pool(100, 10, (i) => signUp(friends[i]!, `127.77.0.${i + 1}`, referralCode));
    // Confirmations of one referrer's friends serialise on the place buckets and the referrer's row (decision 011):
    // a few at a time, as clicks on mailed links come.
    await pool(100, 3, (i) => confirm(friends[i]!));

    const { rows } = await system.context.pool.query<{ state: string; rule: string | null; n: number }>(
      `select c.state, c.rule, count(*)::int as n
         from waitlist.referral_credits c join waitlist.entries r on r.id = c.referrer_id
        where r.email = 'farmer@farm.test' group by 1, 2 order by 1, 2`,
    );
    console.info(`referral farm of 100: ${JSON.stringify(rows)}`);
    const credited = rows.filter((row) => row.state === 'granted').reduce((sum, row) => sum + row.n, 0);
    const held = rows.filter((row) => row.state === 'held');
    expect(credited).toBeGreaterThan(0);
    expect(credited).toBeLessThanOrEqual(DEFAULT_PER_NETWORK);
    expect(held.reduce((sum, row) => sum + row.n, 0)).toBe(100 - credited);
    for (const row of held) expect(['same_network', 'same_device', 'alias', 'burst']).toContain(row.rule);
    const { rows: farmer } = await system.context.pool.query<{ credits: number }>(
      `select credits from waitlist.entries where email = 'farmer@farm.test'`,
    );
    expect(farmer[0]!.credits).toBe(credited);
  });
});
