import { describe, expect, it } from 'vitest';
import { solveForSignup } from '../../testing/altcha-solver.js';
import { startApi, uniqueEmail, useWaitlistApi, type ApiHarness } from '../../testing/waitlist-harness.js';
import { paceLevel } from './client-pace.js';

/** The defaults of every abuse knob (an empty value is unset): adaptive proof of work, 10 free, ceiling 1,000. */
const DEFAULTS = { SIGNUP_CHALLENGE: 'adaptive', SIGNUP_RATE_LIMIT: '', SIGNUP_WORK_AFTER: '' };
const system = useWaitlistApi({ env: DEFAULTS });

async function signUpAsTheFormDoes(api: ApiHarness, from: string): Promise<{ status: number; level: number }> {
  const headers = { 'x-forwarded-for': from };
  const challenge = await api.request('/waitlist/challenge', { headers });
  const altcha = await solveForSignup(challenge.body);
  const answer = await api.request('/waitlist', {
    method: 'POST',
    body: { email: uniqueEmail('party'), altcha },
    headers,
  });
  return { status: answer.status, level: challenge.body.challenge.parameters.data.level };
}

describe("a busy address's own pace", () => {
  it('asks nothing for 10 sign-ups, then one level more each time the count doubles, up to level 8', () => {
    expect([1, 10, 11, 19, 20, 39, 40, 80, 160, 200, 320, 1000, 5000].map((n) => paceLevel(n, 10))).toEqual([
      0, 0, 1, 1, 2, 2, 3, 4, 5, 5, 6, 7, 8,
    ]);
  });

  it('a launch party: 60 sign-ups from one address, each with the work the form solves, all accepted at rising cost', async () => {
    const results = [];
    for (let i = 0; i < 60; i++) results.push(await signUpAsTheFormDoes(system.api, '192.0.2.200'));
    expect(results.map((result) => result.status)).toEqual(Array(60).fill(200));
    const levels = results.map((result) => result.level);
    expect(levels[0]).toBe(0);
    expect(Math.max(...levels)).toBeGreaterThanOrEqual(3);
  });

  it('a script without the work from one address: its free sign-ups pass, then each is refused', async () => {
    const statuses = [];
    for (let i = 0; i < 15; i++)
      statuses.push(
        (
          await system.api.request('/waitlist', {
            method: 'POST',
            body: { email: uniqueEmail('script') },
            headers: { 'x-forwarded-for': '198.51.100.9' },
          })
        ).body.code ?? 'ok',
      );
    expect(statuses.filter((code) => code === 'ok').length).toBeLessThanOrEqual(10);
    expect(statuses.slice(10)).toEqual(Array(5).fill('challenge_required'));
  });

  it('without proof of work (SIGNUP_CHALLENGE=off), the free sign-ups are the ceiling: the 11th is 429', async () => {
    const api = await startApi(system.context, { env: { ...DEFAULTS, SIGNUP_CHALLENGE: 'off' } });
    try {
      const statuses = [];
      for (let i = 0; i < 11; i++)
        statuses.push(
          (
            await api.request('/waitlist', {
              method: 'POST',
              body: { email: uniqueEmail('off') },
              headers: { 'x-forwarded-for': '192.0.2.202' },
            })
          ).status,
        );
      expect(statuses).toEqual([...Array(10).fill(200), 429]);
    } finally {
      await api.close();
    }
  });
});
