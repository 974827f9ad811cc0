import { randomUUID } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { STAFF_TOKEN } from '@mmdm/shared/tokens';
import type { KeyStore } from '../keys/keys.service.js';

/**
 * The two tokens between a right password and a session. Signed with the staff keys but with their own audience and
 * type, so no staff endpoint (here or in the waitlist service, which checks `aud: mmdm-staff` and `typ: JWT`) ever
 * takes one for a session.
 * - `second-factor`: the password was right; only POST /login/second-factor (and its passkey options) take it.
 * - `enrol`: the password was right, a second factor is required and the account has none; only the enrolment
 *   routes take it.
 * Both carry the account's session generation: a reset, a password change or a disabling raises it, which voids them.
 */
export type MfaTokenPurpose = 'second-factor' | 'enrol';

const AUDIENCE: Record<MfaTokenPurpose, string> = { 'second-factor': 'mmdm-staff-mfa', enrol: 'mmdm-staff-enrol' };
const TYPE = 'mfa+jwt';

/** Long enough to find the phone and type a code; short enough that a stolen one is soon worthless. */
export const MFA_TOKEN_TTL_SECONDS: Record<MfaTokenPurpose, number> = { 'second-factor': 5 * 60, enrol: 15 * 60 };

export interface MfaTokenClaims {
  sub: string;
  jti: string;
  gen: number;
  exp: number;
}

export class InvalidMfaTokenError extends Error {
  constructor() {
    super('invalid mfa token');
    this.name = 'InvalidMfaTokenError';
  }
}

export function createMfaTokens(keys: KeyStore) {
  return {
    async issue(purpose: MfaTokenPurpose, sub: string, gen: number): Promise<{ token: string; expiresAt: string }> {
      const { kid, key } = await keys.signingKey();
      const iat = Math.floor(Date.now() / 1000);
      const exp = iat + MFA_TOKEN_TTL_SECONDS[purpose];
      const token = await new SignJWT({ gen })
        .setProtectedHeader({ alg: STAFF_TOKEN.algorithm, typ: TYPE, kid })
        .setSubject(sub)
        .setIssuer(STAFF_TOKEN.issuer)
        .setAudience(AUDIENCE[purpose])
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .setJti(randomUUID())
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000).toISOString() };
    },

    async verify(purpose: MfaTokenPurpose, token: string): Promise<MfaTokenClaims> {
      if (token.length > STAFF_TOKEN.maxLength) throw new InvalidMfaTokenError();
      try {
        const { payload } = await jwtVerify(token, keys.verificationKey, {
          algorithms: [STAFF_TOKEN.algorithm],
          issuer: STAFF_TOKEN.issuer,
          audience: AUDIENCE[purpose],
          typ: TYPE,
          requiredClaims: ['sub', 'jti', 'exp', 'gen'],
          maxTokenAge: MFA_TOKEN_TTL_SECONDS[purpose],
          clockTolerance: 5,
        });
        const { sub, jti, gen, exp } = payload;
        if (typeof sub !== 'string' || typeof jti !== 'string' || typeof exp !== 'number')
          throw new InvalidMfaTokenError();
        if (typeof gen !== 'number' || !Number.isSafeInteger(gen) || gen < 0) throw new InvalidMfaTokenError();
        return { sub, jti, gen, exp };
      } catch (error) {
        if (error instanceof InvalidMfaTokenError || error instanceof joseErrors.JOSEError)
          throw new InvalidMfaTokenError();
        throw error;
      }
    },
  };
}

export type MfaTokens = ReturnType<typeof createMfaTokens>;
