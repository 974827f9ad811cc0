import { createHmac, timingSafeEqual } from 'node:crypto';
import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Payload } from 'altcha-lib/types';
import type { ChallengeAnswer } from '@mmdm/contracts/waitlist';
import { AppError } from '@mmdm/shared/errors';
import type { Redis } from 'ioredis';
import type { PressureGauge } from './pressure.js';

export type ChallengeMode = 'off' | 'adaptive' | 'always';

export interface ChallengeSettings {
  mode: ChallengeMode;
  /** Attempts a solver needs at most at level 1 (the secret counter is drawn from its upper half); ×2 per level. */
  cost: number;
  ttlSeconds: number;
  /** ABUSE_KEY: the two HMAC secrets below are derived from it. */
  key: string;
  redis: Redis;
  /** `<prefix>:waitlist:altcha`: where spent challenges are remembered until they expire. */
  spentKeyPrefix: string;
  pressure: PressureGauge;
}

/** What the client sent is missing, wrong or spent: a 400 the page shows in its red box. */
const refusal = (code: string, message: string) => new AppError(400, code, message);
const REQUIRED = () =>
  refusal('challenge_required', 'Your browser is still getting ready to send this form. Please try again in a moment.');
const INVALID = () =>
  refusal('challenge_invalid', 'This form was open too long or was changed. Please reload the page and try again.');
const SPENT = () => refusal('challenge_spent', 'This form was already sent. Please reload the page and try again.');

/** The two HMAC secrets of the challenges, derived from ABUSE_KEY (the bench mints solutions with them). */
export function challengeSecrets(key: string): { hmacSignatureSecret: string; hmacKeySignatureSecret: string } {
  const derive = (label: string) => createHmac('sha256', key).update(`altcha:${label}`).digest('hex');
  return { hmacSignatureSecret: derive('challenge'), hmacKeySignatureSecret: derive('key') };
}

/** altcha-lib's canonical JSON: keys sorted at every level, undefined values left out. */
function sortKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .flatMap((key) => {
        const child = (value as Record<string, unknown>)[key];
        return child === undefined ? [] : [[key, sortKeys(child)]];
      }),
  );
}

const hmacHex = (secret: string, data: string | Buffer) => createHmac('sha256', secret).update(data).digest();
/**
 * A signature in its one canonical form: lower-case hex, exactly as the service wrote it. Hex decodes the same in
 * either letter case, so accepting "A" beside "a" would turn one solution into 2^n spellings, each spent apart.
 */
const CANONICAL_HEX = /^(?:[0-9a-f]{2})+$/;
const sameHex = (hex: string, expected: Buffer) => {
  if (!CANONICAL_HEX.test(hex)) return false;
  const given = Buffer.from(hex, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

/**
 * altcha-lib's `verifySolution` on its signed-key path (expiry, the challenge's signature over its canonical JSON,
 * the derived key's signature), with node:crypto: altcha-lib's WebCrypto HMACs import their key on every call and
 * cost ~450 µs of CPU per verification in Node, more than the rest of the sign-up; these cost a few µs.
 */
function verifySigned(payload: Payload, secrets: ReturnType<typeof challengeSecrets>): boolean {
  const { challenge, solution } = payload;
  const parameters = challenge.parameters;
  if (typeof parameters.expiresAt === 'number' && parameters.expiresAt < Date.now() / 1000) return false;
  if (typeof challenge.signature !== 'string' || typeof parameters.keySignature !== 'string') return false;
  const signature = hmacHex(secrets.hmacSignatureSecret, JSON.stringify(sortKeys(parameters)));
  if (!sameHex(challenge.signature, signature)) return false;
  const derivedKey = solution?.derivedKey;
  if (typeof derivedKey !== 'string' || !/^(?:[0-9a-f]{2})+$/.test(derivedKey)) return false;
  if (!Number.isInteger(solution.counter) || solution.counter < 0 || solution.counter > 0xffffffff) return false;
  return sameHex(parameters.keySignature, hmacHex(secrets.hmacKeySignatureSecret, Buffer.from(derivedKey, 'hex')));
}

/** Spent challenges this process remembers besides Redis (for the time Redis is unreachable). */
const LOCAL_SPENT_MAX = 100_000;

/**
 * ALTCHA proof of work (altcha-lib v2, deterministic mode): the service draws a secret counter, derives its key
 * (SHA-256) and signs both; the browser finds the counter by trying 0, 1, 2, ... and sends the key it derived.
 * Verifying is two HMACs, whatever the cost: the work is the client's alone. A solution is spent once it is accepted,
 * remembered in Redis until its challenge expires (the replay advisory CVE-2025-68113: altcha-lib itself does not).
 */
export function createChallengeService({
  mode,
  cost,
  ttlSeconds,
  key,
  redis,
  spentKeyPrefix,
  pressure,
}: ChallengeSettings) {
  const secrets = challengeSecrets(key);
  const { hmacSignatureSecret, hmacKeySignatureSecret } = secrets;
  const localSpent = new Map<string, number>();

  /**
   * The pressure's level on the network, or the client's own pace (`clientLevel`, client-pace.ts) when higher; level 1
   * at least when a solution is always required.
   */
  const levelFor = (network: string, clientLevel: number) => {
    const level = Math.max(pressure.level(network), clientLevel);
    return mode === 'always' ? Math.max(1, level) : level;
  };

  function rememberLocally(signature: string, expiresAtMs: number): boolean {
    const now = Date.now();
    const known = localSpent.get(signature);
    if (known !== undefined && known > now) return false;
    if (localSpent.size >= LOCAL_SPENT_MAX) {
      for (const [other, until] of localSpent)
        if (until <= now || localSpent.size >= LOCAL_SPENT_MAX) localSpent.delete(other);
    }
    localSpent.set(signature, expiresAtMs);
    return true;
  }

  /** True when this solution was not spent before (and now is). */
  async function spend(signature: string, expiresAtMs: number): Promise<boolean> {
    if (!rememberLocally(signature, expiresAtMs)) return false;
    try {
      const set = await redis.set(`${spentKeyPrefix}:${signature}`, '1', 'PXAT', expiresAtMs, 'NX');
      return set === 'OK';
    } catch {
      // Redis unreachable: this process's memory still refuses a replay sent to it; other replicas' may pass until
      // Redis is back, a bounded gap that never refuses a person.
      return true;
    }
  }

  return {
    mode,

    /** A challenge for the page to solve in the background; in `off` mode none. */
    async issue(network: string, clientLevel = 0): Promise<ChallengeAnswer> {
      if (mode === 'off') return { required: false, challenge: null };
      const level = levelFor(network, clientLevel);
      const max = cost * 2 ** Math.max(0, level - 1);
      const challenge = await createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        deriveKey,
        counter: randomInt(Math.ceil(max / 2), max),
        data: { level },
        expiresAt: Math.floor(Date.now() / 1000) + ttlSeconds,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      return {
        required: level > 0,
        challenge: { parameters: { ...challenge.parameters }, signature: challenge.signature ?? '' },
      };
    },

    /**
     * Whether this sign-up must carry a solution now. In `adaptive` mode at no pressure nothing is verified: the
     * hot path then pays nothing for the defence.
     */
    needed(network: string, clientLevel = 0): number {
      return mode === 'off' ? 0 : levelFor(network, clientLevel);
    },

    /**
     * Checks and spends the solution of a sign-up that needs one (`level` from `needed`): a 400 when it is missing,
     * forged, expired, for a much lower pressure than now, or spent. Returns its signature, to `release` it if the
     * sign-up then fails on our side (the visitor's retry must not be refused as a replay).
     */
    async verify(altcha: string | undefined, level: number): Promise<string> {
      if (!altcha) throw REQUIRED();
      let payload: Payload;
      try {
        payload = JSON.parse(Buffer.from(altcha, 'base64').toString('utf8')) as Payload;
      } catch {
        throw INVALID();
      }
      const challenge = payload?.challenge;
      if (
        typeof challenge?.signature !== 'string' ||
        typeof challenge.parameters !== 'object' ||
        !challenge.parameters
      ) {
        throw INVALID();
      }
      // Only the cheap, signed path: a challenge without a key signature would need the key derived again.
      let verified = false;
      try {
        verified = verifySigned(payload, secrets);
      } catch {
        verified = false;
      }
      // Verified means canonical (sameHex refuses any other spelling), so the spent-set key below is the one text
      // this solution can have: a replay in another letter case is refused above, never counted as new.
      if (!verified) throw INVALID();
      // A challenge handed out at a lower pressure than now is honoured one step down: a visitor who opened the page
      // just before a flood is not refused, a stock of cheap challenges is.
      const issuedLevel = Number(challenge.parameters.data?.level ?? 0);
      if (issuedLevel < level - 1) throw INVALID();
      const expiresAtMs = (challenge.parameters.expiresAt ?? Math.floor(Date.now() / 1000) + ttlSeconds) * 1000;
      if (!(await spend(challenge.signature, expiresAtMs))) throw SPENT();
      return challenge.signature;
    },

    /** Forgets a spent solution whose sign-up failed on our side, so the visitor's retry is accepted. */
    async release(signature: string): Promise<void> {
      localSpent.delete(signature);
      await redis.del(`${spentKeyPrefix}:${signature}`).catch(() => undefined);
    },
  };
}

export type ChallengeService = ReturnType<typeof createChallengeService>;
