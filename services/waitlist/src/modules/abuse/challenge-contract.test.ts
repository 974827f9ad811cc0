import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge, Payload, Solution } from 'altcha-lib/types';
import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { AppError } from '@mmdm/shared/errors';
import { challengeSecrets, createChallengeService } from './challenge.service.js';
import type { PressureGauge } from './pressure.js';

/**
 * challenge.service.ts verifies ALTCHA solutions with node:crypto instead of altcha-lib's WebCrypto `verifySolution`
 * (for speed, see verifySigned there). These tests hold the two to the same answer on valid and tampered solutions,
 * so an upgrade of altcha-lib that changes the scheme (canonical JSON, hex spelling, counter range, expiry) shows
 * here rather than as refused sign-ups.
 *
 * One difference is by design and tested as such: a challenge without `keySignature` is refused by the service,
 * while altcha-lib would derive the key again from the counter. The service only ever issues key-signed challenges,
 * and re-deriving is the costly path a flood could make it take.
 */

const KEY = 'contract-test-abuse-key';
const secrets = challengeSecrets(KEY);

/** Redis as the spent-set needs it: every solution is new (each case also gets a service of its own). */
const freshRedis = { set: async () => 'OK', del: async () => 1 } as unknown as Redis;
const noPressure = { level: () => 0 } as unknown as PressureGauge;

const serviceWith = (ttlSeconds = 300) =>
  createChallengeService({
    mode: 'always',
    cost: 20,
    ttlSeconds,
    key: KEY,
    redis: freshRedis,
    spentKeyPrefix: 'contract',
    pressure: noPressure,
  });

/** A challenge as GET /waitlist/challenge hands it out, and the solution the page would find. */
async function solved(ttlSeconds = 300): Promise<{ challenge: Challenge; solution: Solution }> {
  const answer = await serviceWith(ttlSeconds).issue('192.0.2.0/24');
  if (!answer.challenge) throw new Error('no challenge issued');
  const challenge = answer.challenge as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return { challenge, solution };
}

/** The service's verdict: accepted, or refused as invalid (any other refusal fails the test). */
async function serviceAccepts(payload: Payload): Promise<boolean> {
  const altcha = Buffer.from(JSON.stringify(payload)).toString('base64');
  try {
    await serviceWith().verify(altcha, 1);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'challenge_invalid') return false;
    throw error;
  }
}

async function libraryAccepts(payload: Payload): Promise<boolean> {
  const result = await verifySolution({
    challenge: payload.challenge,
    solution: payload.solution,
    deriveKey,
    ...secrets,
  });
  return result.verified;
}

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const flipHex = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
const reversedKeys = (value: object) => Object.fromEntries(Object.entries(value).reverse());

type Tamper = (payload: Payload) => void;

const cases: [string, Tamper, boolean][] = [
  ['the solution as found', () => {}, true],
  [
    'parameters in another key order (canonical JSON)',
    (p) => {
      p.challenge.parameters = reversedKeys(p.challenge.parameters) as unknown as Challenge['parameters'];
    },
    true,
  ],
  [
    'a derived key one digit off',
    (p) => {
      p.solution.derivedKey = flipHex(p.solution.derivedKey);
    },
    false,
  ],
  [
    'the derived key in upper case',
    (p) => {
      p.solution.derivedKey = p.solution.derivedKey.toUpperCase();
    },
    false,
  ],
  [
    'an odd-length derived key',
    (p) => {
      p.solution.derivedKey = p.solution.derivedKey.slice(1);
    },
    false,
  ],
  [
    'an empty derived key',
    (p) => {
      p.solution.derivedKey = '';
    },
    false,
  ],
  [
    'a negative counter',
    (p) => {
      p.solution.counter = -1;
    },
    false,
  ],
  [
    'a fractional counter',
    (p) => {
      p.solution.counter = 1.5;
    },
    false,
  ],
  [
    'a counter beyond 32 bits',
    (p) => {
      p.solution.counter = 2 ** 32;
    },
    false,
  ],
  [
    'a counter given as a string',
    (p) => {
      (p.solution as unknown as { counter: string }).counter = '7';
    },
    false,
  ],
  // With a key signature the derived key alone is checked (altcha-lib's step 4a); the counter only has to be valid.
  [
    'another valid counter with the right key',
    (p) => {
      p.solution.counter += 1;
    },
    true,
  ],
  [
    'the signature one digit off',
    (p) => {
      p.challenge.signature = flipHex(p.challenge.signature ?? '');
    },
    false,
  ],
  [
    'the signature in upper case',
    (p) => {
      p.challenge.signature = p.challenge.signature?.toUpperCase();
    },
    false,
  ],
  [
    'no signature',
    (p) => {
      p.challenge.signature = '';
    },
    false,
  ],
  [
    'a lower level than signed',
    (p) => {
      p.challenge.parameters.data = { level: 0 };
    },
    false,
  ],
  [
    'a later expiry than signed',
    (p) => {
      p.challenge.parameters.expiresAt = (p.challenge.parameters.expiresAt ?? 0) + 3600;
    },
    false,
  ],
  [
    'a parameter added',
    (p) => {
      Object.assign(p.challenge.parameters, { extra: 1 });
    },
    false,
  ],
  [
    'the key signature one digit off',
    (p) => {
      p.challenge.parameters.keySignature = flipHex(p.challenge.parameters.keySignature ?? '');
    },
    false,
  ],
  [
    'the key signature removed',
    (p) => {
      delete p.challenge.parameters.keySignature;
    },
    false,
  ],
];

describe('the in-house ALTCHA verification agrees with altcha-lib verifySolution', () => {
  it.each(cases)('%s', async (_name, tamper, expected) => {
    const payload = clone(await solved()) as Payload;
    tamper(payload);
    expect(await libraryAccepts(clone(payload))).toBe(expected);
    expect(await serviceAccepts(clone(payload))).toBe(expected);
  });

  it('an expired challenge', async () => {
    const payload = (await solved(-60)) as Payload;
    expect(await libraryAccepts(clone(payload))).toBe(false);
    expect(await serviceAccepts(clone(payload))).toBe(false);
  });

  it('a challenge signed with another key', async () => {
    const { challenge } = await solved();
    const { parameters } = challenge;
    const other = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      deriveKey,
      counter: 3,
      data: parameters.data,
      expiresAt: parameters.expiresAt,
      ...challengeSecrets('another-abuse-key'),
    });
    const solution = await solveChallenge({ challenge: other, deriveKey });
    const payload = { challenge: other, solution } as Payload;
    expect(await libraryAccepts(clone(payload))).toBe(false);
    expect(await serviceAccepts(clone(payload))).toBe(false);
  });

  it('differs by design on a challenge without a key signature: only altcha-lib derives the key again', async () => {
    const unsignedKey = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      deriveKey,
      counter: 5,
      data: { level: 1 },
      expiresAt: Math.floor(Date.now() / 1000) + 300,
      hmacSignatureSecret: secrets.hmacSignatureSecret,
    });
    expect(unsignedKey.parameters.keySignature).toBeUndefined();
    const solution = await solveChallenge({ challenge: unsignedKey, deriveKey });
    const payload = { challenge: unsignedKey, solution } as Payload;
    expect(await libraryAccepts(clone(payload))).toBe(true);
    expect(await serviceAccepts(clone(payload))).toBe(false);
  });
});
