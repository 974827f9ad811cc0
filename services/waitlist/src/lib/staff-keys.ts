import { UnavailableError } from '@mmdm/shared/errors';
import { createRemoteJWKSet, errors, type JWTVerifyGetKey } from 'jose';

/**
 * A token whose kid is not in the cached key set makes the key set be fetched again at once (a rotation signs with
 * a new key on every auth replica within milliseconds), but at most this often: forged tokens with random kids cost
 * the auth service one JWKS answer a second per waitlist replica, not one per token.
 */
export const UNKNOWN_KID_RELOAD_MS = 1000;

/**
 * The auth service's public keys, fetched from its JWKS and cached: refetched at most every 10 minutes, or at once on
 * an unknown kid (key rotation; at most once a second). If the JWKS cannot be fetched, staff get a 503 (our outage),
 * not a 401 that would send them to the login page, nor a 500.
 */
export function remoteStaffKeys(jwksUrl: string): JWTVerifyGetKey {
  const remote = createRemoteJWKSet(new URL(jwksUrl), {
    cacheMaxAge: 10 * 60_000,
    cooldownDuration: UNKNOWN_KID_RELOAD_MS,
    timeoutDuration: 3000,
  });
  let lastForcedReload = 0;
  const lookUp: JWTVerifyGetKey = async (header, token) => {
    try {
      return await remote(header, token);
    } catch (error) {
      // jose refetches on an unknown kid only after its cool-down since the last fetch; a rotation right after a
      // fetch would otherwise refuse the new key's tokens (401: staff sent to sign in) until then.
      if (error instanceof errors.JWKSNoMatchingKey && Date.now() - lastForcedReload >= UNKNOWN_KID_RELOAD_MS) {
        lastForcedReload = Date.now();
        await remote.reload();
        return remote(header, token);
      }
      throw error;
    }
  };
  return async (header, token) => {
    try {
      return await lookUp(header, token);
    } catch (error) {
      // A token whose kid is not published is the token's problem: let the verifier answer 401.
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
      throw new UnavailableError('Sign-in cannot be checked right now. Please try again shortly.', { cause: error });
    }
  };
}

/**
 * After Redis lost the revocation cache, the auth service fills it again from its tables (this service has no rights
 * on them): asked at its own address, next to its JWKS, never through the gateway. Until that succeeds the verifier
 * refuses staff tokens with 503.
 */
export function restoreRevocationsVia(jwksUrl: string): () => Promise<void> {
  const url = new URL('/internal/revocations/restore', jwksUrl);
  return async () => {
    const answer = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(3000) });
    if (!answer.ok) throw new Error(`the auth service answered ${answer.status} to the revocation refill`);
  };
}

/**
 * The enabled admins' addresses, asked of the auth service at its own address (next to its JWKS, never through the
 * gateway): whom an admin alert goes to. Asked when the mail leaves, so an admin added since the alert gets it too.
 */
export function adminAddressesVia(jwksUrl: string): () => Promise<string[]> {
  const url = new URL('/internal/staff/admin-addresses', jwksUrl);
  return async () => {
    const answer = await fetch(url, { signal: AbortSignal.timeout(3000) });
    if (!answer.ok) throw new Error(`the auth service answered ${answer.status} to the admin addresses`);
    const body = (await answer.json()) as { addresses?: unknown };
    if (!Array.isArray(body.addresses) || !body.addresses.every((address) => typeof address === 'string'))
      throw new Error('the auth service answered no list of admin addresses');
    return body.addresses as string[];
  };
}
