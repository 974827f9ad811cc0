import { randomBytes, randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../services/auth/src/testing/auth-harness.js';
import { request, type Answer } from '../support/http.js';
import { median } from './support/timing.js';
import { SecretWatch } from './support/secrets.js';
import { staffOf, startSystem, type System } from './support/system.js';
import { uniqueEmail } from '../support/unique-email.js';

/** Defaults of docs/architecture.md and services/auth/README.md: nothing relaxed for this file. */
let system: System;
const secrets = new SecretWatch();

beforeAll(async () => {
  system = await startSystem();
});

afterAll(async () => {
  if (system) expect(secrets.leakedIn(system.logs())).toEqual([]);
  await system?.close();
});

const randomIp = () =>
  `${1 + ((randomBytes(1)[0] ?? 0) % 223)}.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

function login(email: string, password: string, from: string, forgedFor?: string): Promise<Answer> {
  return request(system.gateway.url, '/api/admin/login', {
    method: 'POST',
    body: { email, password },
    localAddress: from,
    headers: forgedFor ? { 'x-forwarded-for': forgedFor, 'x-real-ip': forgedFor, forwarded: `for=${forgedFor}` } : {},
  });
}

function expectRetryAfter(answer: Answer) {
  expect(answer.status).toBe(429);
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  expect(answer.body).toMatchObject({ success: false });
}

describe('brute force and credential stuffing through the gateway', () => {
  it('hundreds of guesses from one host behind forged X-Forwarded-For headers are cut to the per-address limit', async () => {
    const owner = await createStaff(system.auth, { role: 'admin', password: `owner ${randomUUID()}` });
    secrets.add(owner.password);
    const answers: Answer[] = [];
    for (let i = 0; i < 200; i++)
      answers.push(await login(owner.email, `guess-${i}-${randomUUID()}`, '127.0.0.5', randomIp()));
    const checked = answers.filter((answer) => answer.status !== 429);
    expect(checked.every((answer) => answer.status === 401)).toBe(true);
    expect(checked.length).toBeLessThanOrEqual(100);
    for (const answer of answers.filter((a) => a.status === 429)) expectRetryAfter(answer);
    // The owner, from their own address, is not locked out by someone else's guessing.
    expect((await login(owner.email, owner.password, '127.0.0.1')).status).toBe(200);
  });

  it('hundreds of guesses from changing addresses are cut to at most 100 an hour on the account; the owner still signs in', async () => {
    const owner = await createStaff(system.auth, { role: 'admin', password: `owner ${randomUUID()}` });
    secrets.add(owner.password);
    // The owner has signed in from their usual address before.
    expect((await login(owner.email, owner.password, '127.0.0.1')).status).toBe(200);
    const answers: Answer[] = [];
    for (let i = 0; i < 300; i++) {
      const from = `127.0.${1 + Math.floor(i / 200)}.${10 + (i % 200)}`;
      answers.push(await login(owner.email, `stuffed-${i}-${randomUUID()}`, from, randomIp()));
    }
    const checked = answers.filter((answer) => answer.status !== 429);
    expect(checked.every((answer) => answer.status === 401)).toBe(true);
    expect(checked.length).toBeLessThanOrEqual(100);
    expect(answers.length - checked.length).toBeGreaterThanOrEqual(200);
    for (const answer of answers.filter((a) => a.status === 429)) expectRetryAfter(answer);
    expect((await login(owner.email, owner.password, '127.0.0.1')).status).toBe(200);
  });
});

describe('guesses from one IPv6 home network (one /64)', () => {
  /** A random address in the /64 `prefix`, as a host's privacy addresses are (RFC 8981): one per guess. */
  const inPrefix = (prefix: string) =>
    `${prefix}:${[...randomBytes(8).toString('hex').matchAll(/..../g)].map(([group]) => group).join(':')}`;

  /** Straight at auth, whose trusted proxy (loopback) says where each guess comes from, as the gateway does. */
  const guessFrom = (email: string, address: string) =>
    request(system.auth.url, '/api/admin/login', {
      method: 'POST',
      body: { email, password: `guess-${randomUUID()}` },
      headers: { 'x-forwarded-for': address },
    });

  it('40 guesses at one account, each from a new address of one /64, are cut to the per-address limit (10)', async () => {
    const owner = await createStaff(system.auth, { role: 'admin', password: `owner ${randomUUID()}` });
    secrets.add(owner.password);
    const answers: Answer[] = [];
    for (let i = 0; i < 40; i++) answers.push(await guessFrom(owner.email, inPrefix('2001:db8:4a:1')));
    const checked = answers.filter((answer) => answer.status !== 429);
    expect(checked.every((answer) => answer.status === 401)).toBe(true);
    expect(checked.length).toBe(10);
    for (const answer of answers.filter((a) => a.status === 429)) expectRetryAfter(answer);
    // Another /64 is another client: its first guess is checked.
    expect((await guessFrom(owner.email, inPrefix('2001:db8:4a:2'))).status).toBe(401);
  });

  it('40 guesses spread over 40 accounts from one /64 are cut to the per-address limit (30)', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 40; i++) answers.push(await guessFrom(uniqueEmail(`nobody-${i}`), inPrefix('2001:db8:4b:1')));
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(30);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10);
  });
});

describe('stored password hashes', () => {
  it("are argon2id with at least OWASP's parameters", async () => {
    const { admin } = await staffOf(system);
    secrets.add(admin.password, admin.token);
    const email = uniqueEmail('hash');
    const password = `new staff ${randomUUID()}`;
    secrets.add(password);
    const created = await request(system.gateway.url, '/api/admin/staff', {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: { email, password, role: 'viewer' },
    });
    expect(created.status).toBe(201);
    const { rows } = await system.context.pool.query<{ password_hash: string }>(
      'select password_hash from auth.staff where email_normalized = $1',
      [email],
    );
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(rows[0]?.password_hash ?? '');
    expect(match).not.toBeNull();
    const [m, t, p] = [Number(match?.[1]), Number(match?.[2]), Number(match?.[3])];
    // https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#argon2id (m in KiB)
    const owaspMinimum = [
      [47_104, 1],
      [19_456, 2],
      [12_288, 3],
      [9_216, 4],
      [7_168, 5],
    ].some(([memory, iterations]) => m >= (memory as number) && t >= (iterations as number));
    expect(owaspMinimum, `m=${m} t=${t}`).toBe(true);
    expect(p).toBeGreaterThanOrEqual(1);
  });
});

/**
 * "Within a few milliseconds": 5 ms, or 5% of the median when requests themselves take far longer (argon2id on a
 * slow runner). On a machine busier than 3 runnable tasks per core (other jobs on a shared runner), scheduler noise
 * alone is larger than that; the figure is then printed and the byte-identity still asserted, but the timing is not
 * judged. A leak shows in every round, a neighbour's burst of work (the fault suite runs two files at once) in one:
 * a gap over the bound is measured once more, and that round judged. Answers the samples of the round judged.
 */
async function expectSimilarTiming(
  measure: () => Promise<[Answer[], Answer[]]>,
  label: string,
): Promise<[Answer[], Answer[]]> {
  for (let round = 1; ; round++) {
    const [a, b] = await measure();
    const [ma, mb] = [median(a.map((x) => x.ms)), median(b.map((x) => x.ms))];
    const gap = Math.abs(ma - mb);
    const bound = Math.max(5, 0.05 * Math.max(ma, mb));
    const load = (loadavg()[0] ?? 0) / availableParallelism();
    console.info(
      `enumeration (${label}, round ${round}): medians ${ma.toFixed(1)} / ${mb.toFixed(1)} ms, gap ${gap.toFixed(1)} ms (bound ${bound.toFixed(1)}), load ${load.toFixed(1)}/core`,
    );
    if (load > 3) {
      console.warn(`enumeration (${label}): machine too busy to judge timing (load ${load.toFixed(1)} per core)`);
      return [a, b];
    }
    if (gap < bound || round === 2) {
      expect(gap, `median gap ${gap.toFixed(1)} ms`).toBeLessThan(bound);
      return [a, b];
    }
  }
}

describe('enumeration', () => {
  const SAMPLES = 40;

  it('an unknown account and a wrong password answer byte-identically, within a few ms in median time', async () => {
    const quiet = await startSystem({
      authEnv: { LOGIN_IP_MAX_FAILS: '100000', LOGIN_ACCOUNT_MAX_FAILS: '100000', LOGIN_ACCOUNT_HOURLY_MAX: '100000' },
    });
    try {
      const account = await createStaff(quiet.auth, { role: 'viewer' });
      const attempt = (email: string) =>
        request(quiet.gateway.url, '/api/admin/login', {
          method: 'POST',
          body: { email, password: `wrong ${randomUUID()}` },
        });
      for (let i = 0; i < 5; i++) await Promise.all([attempt(account.email), attempt(uniqueEmail('nobody'))]);
      const [known, unknown] = await expectSimilarTiming(async () => {
        const known: Answer[] = [];
        const unknown: Answer[] = [];
        for (let i = 0; i < SAMPLES; i++) {
          // Interleaved, alternating which goes first, so load drifts hit both alike.
          if (i % 2) {
            known.push(await attempt(account.email));
            unknown.push(await attempt(uniqueEmail('nobody')));
          } else {
            unknown.push(await attempt(uniqueEmail('nobody')));
            known.push(await attempt(account.email));
          }
        }
        return [known, unknown];
      }, 'wrong password / unknown account');
      expect(new Set([...known, ...unknown].map((answer) => `${answer.status} ${answer.text}`)).size).toBe(1);
      expect(known[0]?.status).toBe(401);
    } finally {
      await quiet.close();
    }
  });

  it('a new and an already-listed waitlist address answer byte-identically, within a few ms in median time', async () => {
    const existing = uniqueEmail('listed');
    const signUp = (email: string) => request(system.gateway.url, '/waitlist', { method: 'POST', body: { email } });
    expect((await signUp(existing)).status).toBe(200);
    for (let i = 0; i < 5; i++) await Promise.all([signUp(existing), signUp(uniqueEmail('warm'))]);
    const [fresh, again] = await expectSimilarTiming(async () => {
      const fresh: Answer[] = [];
      const again: Answer[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const freshEmail = uniqueEmail('new');
        if (i % 2) {
          fresh.push(await signUp(freshEmail));
          again.push(await signUp(existing));
        } else {
          again.push(await signUp(existing));
          fresh.push(await signUp(freshEmail));
        }
      }
      return [fresh, again];
    }, 'new / listed address');
    // The body names the address typed; with that put aside, the answers are the same bytes.
    const shape = (answer: Answer, email: string) =>
      `${answer.status} ${answer.headers['content-type']} ${answer.text.replace(email, '<email>')}`;
    const freshShapes = new Set(fresh.map((a) => shape(a, (a.body as { data: { email: string } }).data.email)));
    const againShapes = new Set(again.map((a) => shape(a, existing)));
    expect([...freshShapes]).toEqual([...againShapes]);
    expect(fresh[0]?.status).toBe(200);
  });
});
