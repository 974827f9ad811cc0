import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { challengeSecrets } from '../../services/waitlist/src/modules/abuse/challenge.service.js';
import type { BenchContext } from '../lib/context.js';
import { alternate, load, type LoadResult } from '../lib/load.js';
import { freePort, startProcess, waitForHttp } from '../lib/processes.js';
import { ms, num, pct, ratio } from '../lib/stats.js';
import { ROOT } from '../lib/system.js';

const HEADERS = { 'content-type': 'application/json' };

/**
 * A solved challenge per sign-up, minted with the service's own secrets: the counter is known when the challenge is
 * made, so no solving is needed here, and the service verifies exactly what it would verify from a browser.
 */
async function mintSolutions(key: string, count: number): Promise<string[]> {
  const secrets = challengeSecrets(key);
  const solutions: string[] = [];
  for (let i = 0; i < count; i++) {
    const counter = randomInt(2500, 5000);
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      deriveKey,
      counter,
      data: { level: 1 },
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
      ...secrets,
    });
    const { parameters } = challenge;
    const salt = Buffer.from(parameters.salt, 'hex');
    const password = Buffer.alloc(parameters.nonce.length / 2 + 4);
    Buffer.from(parameters.nonce, 'hex').copy(password);
    password.writeUInt32BE(counter, password.length - 4);
    const { derivedKey } = await deriveKey(parameters, salt, password);
    const solution = { counter, derivedKey: Buffer.from(derivedKey).toString('hex') };
    solutions.push(Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'));
  }
  return solutions;
}

/**
 * (1b) The sign-up with its proof of work verified (SIGNUP_CHALLENGE=always: signature, key signature, and the spent
 * mark in Redis), straight to a second waitlist process, alternated with the plain path (the system's own process,
 * SIGNUP_CHALLENGE=off) at 50 connections. Goal: the verification does not halve throughput.
 */
export async function challengeVariant(
  { options, report, database, runId, tmpDir, redisPrefix }: BenchContext,
  plainUrl: string,
) {
  const key = randomBytes(24).toString('hex');
  const port = await freePort();
  const service = startProcess(
    'waitlist-challenge',
    process.execPath,
    [join(ROOT, 'services/waitlist/dist/main.js')],
    {
      ...options.inheritedEnv,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      WAITLIST_PORT: String(port),
      DATABASE_URL: database.url,
      REDIS_URL: options.redisUrl,
      REDIS_PREFIX: `${redisPrefix}pow`,
      SIGNUP_RATE_LIMIT: '1000000000',
      SIGNUP_WORK_AFTER: '1000000000',
      SIGNUP_CHALLENGE: 'always',
      // The bench's one address would otherwise raise the cost past the minted solutions' level: this variant
      // measures the verification, not the pressure policy (its own service test).
      SIGNUP_PRESSURE_GLOBAL: '1000000000',
      SIGNUP_PRESSURE_NETWORK: '1000000000',
      EMAIL_DNS_CHECK: 'false',
      ABUSE_KEY: key,
    },
    join(tmpDir, 'waitlist-challenge.log'),
    ROOT,
  );
  try {
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, 60_000, service);
    // Enough for every run at well above the rates this machine reaches.
    const needed = (options.runs + 1) * (options.loadSeconds + 1) * 4000;
    const solutions = await mintSolutions(key, needed);
    let next = 0;
    let counter = 0;
    const plainBody = () => JSON.stringify({ email: `p${runId}-${(counter += 1)}@bench.example.com` });
    const solvedBody = () =>
      JSON.stringify({
        email: `w${runId}-${(counter += 1)}@bench.example.com`,
        altcha: solutions[next++ % solutions.length],
      });
    const run =
      (url: string, body: () => string, seconds = options.loadSeconds) =>
      () =>
        load({ url, connections: 50, seconds, method: 'POST', path: '/waitlist', headers: HEADERS, body });
    const results: Record<string, LoadResult> = await alternate(
      options.runs,
      { plain: run(plainUrl, plainBody), verified: run(`http://127.0.0.1:${port}`, solvedBody) },
      { plain: run(plainUrl, plainBody, 1), verified: run(`http://127.0.0.1:${port}`, solvedBody, 1) },
    );
    const plain = results.plain!;
    const verified = results.verified!;
    const share = ratio(verified.rps, plain.rps);
    const codes = Object.entries(verified.statusCodes)
      .map(([code, count]) => `${code}×${count}`)
      .join(' ');
    report.add({
      suite: 'sign-up',
      what: 'waitlist service direct, proof of work verified (SIGNUP_CHALLENGE=always) @50',
      value: `${num(verified.rps)} req/s, p50 ${ms(verified.p50)}, p99 ${ms(verified.p99)}, errors ${verified.errors} (${codes})`,
      reference: `plain ${num(plain.rps)} req/s, p99 ${ms(plain.p99)}`,
      ratio: pct(share),
      goal: '≥ 50% of the plain path, only 2xx',
      met:
        share >= 0.5 &&
        verified.errors === 0 &&
        Object.keys(verified.statusCodes).every((code) => code.startsWith('2')),
    });
  } finally {
    await service.stop();
  }
}
