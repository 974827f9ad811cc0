// GET /waitlist/referral: what the page a share link opens may know about its code, and nothing more.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildEntry } from '../../testing/waitlist-factories.js';
import { uniqueEmail, useWaitlistApi } from '../../testing/waitlist-harness.js';

const system = useWaitlistApi();

const newCode = () => randomUUID().slice(0, 8).toUpperCase();
const check = (code: string) => system.api.request(`/waitlist/referral?code=${encodeURIComponent(code)}`);

describe('checking a share link’s code', () => {
  it('says a listed person’s code is valid, with the boost, and nothing about whose it is', async () => {
    const code = newCode();
    const email = uniqueEmail('referrer');
    await buildEntry(system.context.pool, { email, status: 'confirmed', referralCode: code, credits: 2 });
    const answer = await check(code);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body.data).toEqual({ valid: true, boost: 10 });
    // Not the address, the place, the friends, or anything else of the referrer.
    expect(answer.text).not.toContain(email.split('@')[0]);
    expect(Object.keys(answer.body)).toEqual(['success', 'message', 'data']);
  });

  it('answers an unknown code, and the code of someone who left, with the same bytes', async () => {
    const gone = newCode();
    await buildEntry(system.context.pool, { status: 'unsubscribed', referralCode: gone });
    const unknown = await check(newCode());
    const left = await check(gone);
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toEqual({ valid: false, boost: 10 });
    expect(left.text).toBe(unknown.text);
  });

  it('refuses a malformed code with 400 naming the field', async () => {
    const answer = await check('not a code!');
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_error');
    expect(JSON.stringify(answer.body.issues)).toContain('code');
    expect((await system.api.request('/waitlist/referral')).status).toBe(400);
  });

  it('is throttled per client address: past 300 checks in 15 minutes, 429 with Retry-After', async () => {
    // This file's earlier tests made a few checks from the same address: the budget is 300 in all.
    const code = newCode();
    let accepted = 0;
    let last = await check(code);
    while (last.status === 200 && accepted < 400) {
      accepted += 1;
      last = await check(code);
    }
    expect(accepted).toBeGreaterThanOrEqual(290);
    expect(accepted).toBeLessThanOrEqual(300);
    expect(last.status).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});
