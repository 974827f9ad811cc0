import { UnavailableError } from '@mmdm/shared/errors';
import { createRemoteJWKSet, errors, type JWTVerifyGetKey } from 'jose';

/**
 * The auth service's public keys, fetched from its JWKS and cached: refetched at most every 10 minutes, or on an
 * unknown kid (key rotation) after a 30 s cool-down. If the JWKS cannot be fetched, staff get a 503 (our outage),
 * not a 401 that would send them to the login page, nor a 500.
 */
export function remoteStaffKeys(jwksUrl: string): JWTVerifyGetKey {
  const remote = createRemoteJWKSet(new URL(jwksUrl), {
    cacheMaxAge: 10 * 60_000,
    cooldownDuration: 30_000,
    timeoutDuration: 3000,
  });
  return async (header, token) => {
    try {
      return await remote(header, token);
    } catch (error) {
      // A token whose kid is not published is the token's problem: let the verifier answer 401.
      if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys) throw error;
      throw new UnavailableError('Sign-in cannot be checked right now. Please try again shortly.', { cause: error });
    }
  };
}
