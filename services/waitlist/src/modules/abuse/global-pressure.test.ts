import { describe, expect, it } from 'vitest';
import { uniqueEmail, useWaitlistApi } from '../../testing/waitlist-harness.js';

/** SIGNUP_CHALLENGE=adaptive at its default thresholds: 120 a minute from everywhere, 10 from one network. */
const system = useWaitlistApi({ env: { SIGNUP_CHALLENGE: 'adaptive' } });

const from = (address: string) => ({ 'x-forwarded-for': address });

describe('global sign-up pressure', () => {
  it("130 attempts from one network, all refused past its own limit, do not make another network's visitors pay", async () => {
    const codes = new Map<string, number>();
    for (let i = 0; i < 130; i++) {
      const answer = await system.api.request('/waitlist', {
        method: 'POST',
        body: { email: uniqueEmail('flood') },
        headers: from(`198.51.100.${1 + (i % 200)}`),
      });
      const key = `${answer.status} ${answer.body.code ?? ''}`.trim();
      codes.set(key, (codes.get(key) ?? 0) + 1);
    }
    // The network's own first 10 a minute pass free; past them each needs a solution this script does not send.
    expect(Object.fromEntries(codes)).toEqual({ '200': 9, '400 challenge_required': 121 });
    const elsewhere = from('203.0.113.7');
    const challenge = await system.api.request('/waitlist/challenge', { headers: elsewhere });
    expect(challenge.body.required).toBe(false);
    const signup = await system.api.request('/waitlist', {
      method: 'POST',
      body: { email: uniqueEmail('visitor') },
      headers: elsewhere,
    });
    expect(signup.status).toBe(200);
  });
});
