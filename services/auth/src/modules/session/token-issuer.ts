import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { STAFF_TOKEN, type StaffRole } from '@mmdm/shared/tokens';
import type { KeyStore } from '../keys/keys.service.js';

export interface IssuedToken {
  token: string;
  expiresAt: string;
  role: StaffRole;
}

/** How the session was authenticated, and, for a session carried on (an enrolment), what it keeps. */
export interface SessionProof {
  /** RFC 8176 values: `["pwd"]`, `["pwd","otp"]`, `["pwd","hwk"]`... */
  amr: string[];
  /** The same session carried on: its jti, expiry and time of authentication stay (an enrolment never extends it). */
  continues?: { jti: string; exp: number; authTime: number };
}

export function createTokenIssuer(keys: KeyStore, ttlSeconds: number) {
  /** `generation`: the account's session generation, read before its credentials were (see the session service). */
  /**
   * The token names the account's address (`email`) beside its id, so that every service can write who acted in its
   * audit rows as people read it, without asking this service (an address changes only with a new account).
   */
  return async (
    staff: { id: string; role: StaffRole; email?: string },
    generation: number,
    proof: SessionProof,
  ): Promise<IssuedToken> => {
    const { kid, key } = await keys.signingKey();
    const iat = Math.floor(Date.now() / 1000);
    const { continues } = proof;
    const exp = continues?.exp ?? iat + Math.min(ttlSeconds, STAFF_TOKEN.maxLifetimeSeconds);
    const token = await new SignJWT({
      role: staff.role,
      gen: generation,
      ...(staff.email ? { email: staff.email } : {}),
      amr: proof.amr,
      auth_time: continues ? Math.min(continues.authTime, iat) : iat,
    })
      .setProtectedHeader({ alg: STAFF_TOKEN.algorithm, typ: STAFF_TOKEN.type, kid })
      .setSubject(staff.id)
      .setIssuer(STAFF_TOKEN.issuer)
      .setAudience(STAFF_TOKEN.audience)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .setJti(continues?.jti ?? randomUUID())
      .sign(key);
    return { token, expiresAt: new Date(exp * 1000).toISOString(), role: staff.role };
  };
}

export type TokenIssuer = ReturnType<typeof createTokenIssuer>;
