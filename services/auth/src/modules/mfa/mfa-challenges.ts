import type { Redis } from 'ioredis';
import { RevocationUnavailableError } from '@mmdm/shared/tokens';

/** How long a scanned-but-unconfirmed TOTP secret or a WebAuthn challenge waits for its answer. */
const ENROLMENT_TTL_SECONDS = 10 * 60;
const CEREMONY_TTL_SECONDS = 5 * 60;
/** ASVS 5.0 V6: a change of factors needs the password or a current factor from the last 5 minutes. */
export const REAUTH_WINDOW_SECONDS = 5 * 60;

/**
 * Short-lived second-factor state in Redis: a TOTP secret between "show the QR code" and "the first code matches"
 * (sealed like the stored ones), WebAuthn challenges (each taken once: GETDEL), and second-step tokens already spent.
 * Redis errors surface as the revocation store being down: sign-in fails closed with 503.
 */
export function createMfaChallenges(redis: Redis, prefix: string) {
  const key = (kind: string, id: string) => `${prefix}:auth:mfa:${kind}:${id}`;
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch {
      throw new RevocationUnavailableError();
    }
  };
  const put = (kind: string, id: string, value: string, ttl: number) =>
    guard(async () => {
      await redis.set(key(kind, id), value, 'EX', ttl);
    });
  const take = (kind: string, id: string) => guard(async () => (await redis.getdel(key(kind, id))) ?? undefined);

  return {
    putTotpSecret: (staffId: string, sealed: string) => put('totp-pending', staffId, sealed, ENROLMENT_TTL_SECONDS),
    peekTotpSecret: (staffId: string) =>
      guard(async () => (await redis.get(key('totp-pending', staffId))) ?? undefined),
    dropTotpSecret: (staffId: string) =>
      guard(async () => {
        await redis.del(key('totp-pending', staffId));
      }),
    putRegistrationChallenge: (staffId: string, challenge: string) =>
      put('webauthn-reg', staffId, challenge, CEREMONY_TTL_SECONDS),
    takeRegistrationChallenge: (staffId: string) => take('webauthn-reg', staffId),
    putAuthenticationChallenge: (jti: string, challenge: string) =>
      put('webauthn-auth', jti, challenge, CEREMONY_TTL_SECONDS),
    takeAuthenticationChallenge: (jti: string) => take('webauthn-auth', jti),
    /** The session (by jti) proved its owner again just now; changes of factors are allowed for the window. */
    putReauth: (jti: string) => put('reauth', jti, '1', REAUTH_WINDOW_SECONDS),
    hasReauth: (jti: string) => guard(async () => (await redis.exists(key('reauth', jti))) === 1),
    /** Marks a second-step token used; false if it already was (a replayed or parallel completion). */
    spendStepToken: (jti: string, ttlSeconds: number) =>
      guard(async () => (await redis.set(key('step-spent', jti), '1', 'EX', Math.max(1, ttlSeconds), 'NX')) === 'OK'),
  };
}

export type MfaChallenges = ReturnType<typeof createMfaChallenges>;
