import { describe, expect, it } from 'vitest';
import { hashToken, issueToken, newReferralCode, TOKEN_PATTERN } from './tokens.js';

describe('mail tokens', () => {
  it('are 43 url-safe characters and stored only as their sha256', () => {
    const token = issueToken();
    expect(token.raw).toMatch(TOKEN_PATTERN);
    expect(token.hash).toEqual(hashToken(token.raw));
    expect(token.hash).toHaveLength(32);
  });

  it('referral codes are 8 characters a person can retype without ambiguity', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => newReferralCode()));
    expect(codes.size).toBe(1000);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
  });
});
