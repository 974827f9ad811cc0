import { STAFF_ROLES, type StaffRole } from '@mmdm/contracts/auth';
import type { Request, RequestHandler } from 'express';
import type { Redis } from 'ioredis';
import { errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError, UnavailableError } from './errors.js';
import { markGuard } from './declared-routes.js';

export { STAFF_ROLES, type StaffRole };

export const STAFF_TOKEN = {
  algorithm: 'EdDSA',
  type: 'JWT',
  issuer: 'mmdm-auth',
  audience: 'mmdm-staff',
  /** A working day: the longest a token may live. Key rotation keeps retired keys at least this long. */
  maxLifetimeSeconds: 8 * 60 * 60,
  /** Longer tokens are refused before any parsing: nothing legitimate comes near this. */
  maxLength: 2048,
} as const;

export interface StaffClaims {
  sub: string;
  role: StaffRole;
  jti: string;
  iat: number;
  exp: number;
  /** The account's session generation when the token was issued (see `revocationKeys.sessions`). */
  gen: number;
  /** The account's address, for audit rows people read (absent from tokens issued before it was added). */
  email?: string;
  /**
   * How the session was authenticated (RFC 8176 `amr` values): `pwd` for the password, then `otp` (an authenticator
   * app's code or a recovery code), `hwk` (a passkey bound to one device) or `swk` (a synced passkey). Tokens from
   * before the claim existed read as `["pwd"]`: the least they can have proven.
   */
  amr: string[];
  /** When the person last proved who they are (OIDC `auth_time`, seconds); `iat` for tokens without the claim. */
  authTime: number;
}

/** `amr` values that prove a second factor: a session without one does not meet a required second factor. */
export const SECOND_FACTOR_AMR: readonly string[] = ['otp', 'hwk', 'swk'];

export const hasSecondFactor = (amr: readonly string[]) => amr.some((value) => SECOND_FACTOR_AMR.includes(value));

/** Redis keys of the revocation store, shared by every service that verifies tokens. */
export const revocationKeys = {
  /** Present while a revoked (logged-out) token would still be unexpired. */
  token: (prefix: string, jti: string) => `${prefix}:auth:revoked:jti:${jti}`,
  /**
   * The account's session generation, `"<generation>"` or `"<generation> <jti>"`. Tokens carry the generation they
   * were issued in; one of an earlier generation is refused unless it is the one jti kept (the session that changed
   * the password). Ending the account's sessions raises the generation: exact, where a cut-off in `iat` seconds
   * either spared tokens issued later in that second or killed new ones.
   */
  sessions: (prefix: string, sub: string) => `${prefix}:auth:sessions:${sub}`,
  /**
   * Present once the keys above were filled from Postgres, where revocations live. Redis is only their cache: with
   * this marker gone (FLUSHALL, a restart without persistence), a missing key proves nothing, so no token is
   * accepted until the cache is filled again.
   */
  loaded: (prefix: string) => `${prefix}:auth:revocations:loaded`,
};

export interface SessionState {
  generation: number;
  keptJti: string | undefined;
}

export function parseSessionState(value: string | null): SessionState {
  if (value === null) return { generation: 0, keptJti: undefined };
  const [generation, keptJti] = value.split(' ');
  return { generation: Number(generation), keptJti: keptJti || undefined };
}

export function roleSatisfies(role: StaffRole, required: StaffRole): boolean {
  return STAFF_ROLES.indexOf(role) <= STAFF_ROLES.indexOf(required);
}

/** The token is not acceptable: answer 401. */
export class InvalidTokenError extends Error {
  constructor(readonly reason: string) {
    super(`invalid token: ${reason}`);
    this.name = 'InvalidTokenError';
  }
}

/**
 * The token is sound but its session was signed in with less than the policy in force now asks (a second factor
 * became required at a restart): answer 401 `second_factor_required`, so the panel signs the person in again.
 */
export class SecondFactorRequiredError extends InvalidTokenError {
  constructor() {
    super('second factor required');
    this.name = 'SecondFactorRequiredError';
  }
}

/** The 401 every service answers for a session that no longer meets the second-factor policy. */
export const secondFactorRequired = () =>
  new AppError(
    401,
    'second_factor_required',
    'A second factor is now required for staff. Sign in again to set one up or to use it.',
  );

/** The revocation store cannot be reached: refuse everything (fail closed) with 503. */
export class RevocationUnavailableError extends UnavailableError {
  constructor(message = 'Sign-in cannot be checked right now. Please try again shortly.', retryAfterSeconds = 5) {
    super(message, { retryAfterSeconds });
    this.name = 'RevocationUnavailableError';
  }
}

const ALLOWED_HEADER_PARAMS = new Set(['alg', 'kid', 'typ']);

export interface StaffTokenVerifierOptions {
  /** Where public keys come from: the auth service's JWKS (remote, cached) or its own key store. */
  keys: JWTVerifyGetKey;
  redis: Redis;
  redisPrefix: string;
  /**
   * STAFF_MFA=required in this process: a session whose `amr` shows no second factor is refused, whenever it was
   * issued. Every service that verifies staff tokens reads the same variable, so a restart with it set ends
   * password-only sessions everywhere at once.
   */
  secondFactorRequired?: boolean;
  /**
   * Fills the revocation cache from Postgres when its marker is missing (Redis lost its data): the auth service
   * reads its tables, the waitlist service asks the auth service. Without one, or if it fails, tokens are refused
   * with 503 until the cache is filled.
   */
  restoreRevocations?: () => Promise<void>;
}

export type StaffTokenVerifier = (token: string) => Promise<StaffClaims>;

/** After a failed refill of the revocation cache, how long a verifier refuses (503) before it asks again. */
const RESTORE_RETRY_MS = 1000;

/**
 * Verifies a staff JWT: algorithm pinned, issuer/audience/type checked, header parameters allow-listed (no jku, jwk,
 * x5u, crit...), lifetime bounded, then checked against the revocation store.
 */
export function createStaffTokenVerifier({
  keys,
  redis,
  redisPrefix,
  secondFactorRequired = false,
  restoreRevocations,
}: StaffTokenVerifierOptions): StaffTokenVerifier {
  // One restore at a time per process: after a loss, every request waiting on it reads the refilled cache. After a
  // failed one, requests are refused at once for a moment rather than each waiting on an unreachable auth service.
  let restoring: Promise<void> | undefined;
  let failedAt = -Infinity;
  const restore = () => {
    if (Date.now() - failedAt < RESTORE_RETRY_MS) return Promise.reject(new RevocationUnavailableError());
    restoring ??= (restoreRevocations ?? (() => Promise.resolve()))()
      .catch((error: unknown) => {
        failedAt = Date.now();
        throw error;
      })
      .finally(() => (restoring = undefined));
    return restoring;
  };
  const readRevocations = ({ jti, sub }: StaffClaims) =>
    redis.mget(
      revocationKeys.token(redisPrefix, jti),
      revocationKeys.sessions(redisPrefix, sub),
      revocationKeys.loaded(redisPrefix),
    );
  return async (token) => {
    if (token.length > STAFF_TOKEN.maxLength) throw new InvalidTokenError('too long');
    let claims: StaffClaims;
    try {
      const { payload, protectedHeader } = await jwtVerify(token, keys, {
        algorithms: [STAFF_TOKEN.algorithm],
        issuer: STAFF_TOKEN.issuer,
        audience: STAFF_TOKEN.audience,
        typ: STAFF_TOKEN.type,
        requiredClaims: ['sub', 'jti', 'iat', 'exp', 'role', 'gen'],
        maxTokenAge: STAFF_TOKEN.maxLifetimeSeconds,
        clockTolerance: 5,
      });
      for (const name of Object.keys(protectedHeader)) {
        if (!ALLOWED_HEADER_PARAMS.has(name)) throw new InvalidTokenError(`header parameter ${name}`);
      }
      if (!protectedHeader.kid) throw new InvalidTokenError('no kid');
      const { sub, jti, iat, exp, role, gen, amr = ['pwd'], auth_time: authTime = iat } = payload;
      if (typeof sub !== 'string' || typeof jti !== 'string' || typeof iat !== 'number' || typeof exp !== 'number') {
        throw new InvalidTokenError('claim types');
      }
      if (typeof gen !== 'number' || !Number.isSafeInteger(gen) || gen < 0) throw new InvalidTokenError('gen');
      if (!(STAFF_ROLES as readonly unknown[]).includes(role)) throw new InvalidTokenError('role');
      if (exp - iat > STAFF_TOKEN.maxLifetimeSeconds) throw new InvalidTokenError('lifetime');
      const { email } = payload;
      if (email !== undefined && (typeof email !== 'string' || email.length > 320))
        throw new InvalidTokenError('email');
      if (!Array.isArray(amr) || amr.length > 8 || !amr.every((value) => typeof value === 'string'))
        throw new InvalidTokenError('amr');
      if (typeof authTime !== 'number' || authTime > iat) throw new InvalidTokenError('auth_time');
      claims = {
        sub,
        jti,
        iat,
        exp,
        gen,
        role: role as StaffRole,
        amr: amr as string[],
        authTime,
        ...(email ? { email } : {}),
      };
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      if (error instanceof joseErrors.JOSEError) throw new InvalidTokenError(error.code);
      throw error; // key set unreachable and the like: not the client's fault
    }

    let revoked: (string | null)[];
    try {
      revoked = await readRevocations(claims);
    } catch {
      throw new RevocationUnavailableError();
    }
    if (revoked[2] === null) {
      try {
        await restore();
        revoked = await readRevocations(claims);
      } catch {
        throw new RevocationUnavailableError();
      }
      if (revoked[2] === null) throw new RevocationUnavailableError();
    }
    if (revoked[0] !== null) throw new InvalidTokenError('revoked');
    const sessions = parseSessionState(revoked[1] ?? null);
    if (claims.gen < sessions.generation && claims.jti !== sessions.keptJti)
      throw new InvalidTokenError('sessions ended');
    // After the revocation checks: a revoked token reads as revoked, not as one that could sign in again.
    if (secondFactorRequired && !hasSecondFactor(claims.amr)) throw new SecondFactorRequiredError();
    return claims;
  };
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(header);
  return match?.[1];
}

declare module 'express-serve-static-core' {
  interface Request {
    staff?: StaffClaims;
  }
}

/**
 * Guards a staff endpoint: 401 without a valid token, 403 for a role that may not use it, 503 (UnavailableError)
 * when revocation cannot be checked. Sets `req.staff`.
 */
export function requireStaff(verify: StaffTokenVerifier, required: StaffRole = 'viewer'): RequestHandler {
  return markGuard(async (req, _res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) return next(new AppError(401, 'unauthorized', 'Sign in to continue.'));
    try {
      const claims = await verify(token);
      if (!roleSatisfies(claims.role, required)) {
        return next(new AppError(403, 'forbidden', 'Your role does not allow this.'));
      }
      req.staff = claims;
      next();
    } catch (error) {
      // Anything else (the revocation store or the key set unreachable) is ours: the error handler answers it.
      if (error instanceof SecondFactorRequiredError) return next(secondFactorRequired());
      next(error instanceof InvalidTokenError ? new AppError(401, 'unauthorized', 'Sign in to continue.') : error);
    }
  }, required);
}

/** The verified token's claims: the one way a route reads who is calling. Only callable behind requireStaff. */
export function currentClaims(req: Request): StaffClaims {
  if (!req.staff) throw new Error('route is missing the staff guard');
  return req.staff;
}

/** The staff guard of a service that checks the token only: for `declaredRoutes`' `guard` option. */
export function staffGuard(verify: StaffTokenVerifier): (required: StaffRole) => RequestHandler[] {
  return (required) => [requireStaff(verify, required)];
}
