import type { ChangePasswordBody, EnrolmentStepAnswer, LoginBody, SecondStepAnswer } from '@mmdm/contracts/auth';
import { emailKey } from '@mmdm/contracts/email';
import { AppError, UnavailableError } from '@mmdm/shared/errors';
import {
  InvalidTokenError,
  SecondFactorRequiredError,
  secondFactorRequired,
  type StaffClaims,
  type StaffRole,
  type StaffTokenVerifier,
} from '@mmdm/shared/tokens';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import { assertStrongPassword } from '../../lib/password-policy.js';
import { SIGN_IN_RETRY_AFTER_SECONDS, SIGN_IN_UNAVAILABLE, type Revocation } from '../../lib/revocation.js';
import type { AuditContext, AuditService } from '../audit/audit.service.js';
import type { StaffAccount, StaffService } from '../staff/staff.service.js';
import { tooManyAttempts, type LoginThrottle } from './login-throttle.js';
import type { SessionMetrics } from './session.metrics.js';
import type { IssuedToken, TokenIssuer } from './token-issuer.js';

// The session feature's public entry: the second-factor step shares its throttle and its token issuer.
export {
  ThrottleUnavailableError,
  tooManyAttempts,
  type LoginThrottle,
  type LoginThrottleLimits,
} from './login-throttle.js';
export type { IssuedToken, TokenIssuer } from './token-issuer.js';

export interface SessionDeps {
  staff: StaffService;
  audit: AuditService;
  hasher: PasswordHasher;
  throttle: LoginThrottle;
  issueToken: TokenIssuer;
  revocation: Revocation;
  verify: StaffTokenVerifier;
  metrics: SessionMetrics;
  /**
   * Asked once the password is right: the second step this account needs (a second factor, or enrolling one),
   * or undefined to sign in at once.
   */
  nextStep?: (
    account: StaffAccount,
    context: AuditContext & { ip: string },
  ) => Promise<SecondStepAnswer | EnrolmentStepAnswer | undefined>;
}

/** A token that is good right now: its claims check out and its account is enabled with the role it carries. */
export interface VerifiedSession {
  valid: true;
  role: StaffRole;
  sub: string;
  email: string;
}

/** One answer for unknown account, wrong password and disabled account: nothing to tell them apart. */
const invalidCredentials = () => new AppError(401, 'invalid_credentials', 'Invalid credentials');

export function createSessionService({
  staff,
  audit,
  hasher,
  throttle,
  issueToken,
  revocation,
  verify,
  metrics,
  nextStep,
}: SessionDeps) {
  const counted = {
    succeeded: metrics.loginAttempts.labels('succeeded'),
    failed: metrics.loginAttempts.labels('failed'),
    throttled: metrics.loginAttempts.labels('throttled'),
  };
  return {
    async login(
      { email, password }: LoginBody,
      context: AuditContext & { ip: string },
    ): Promise<IssuedToken | SecondStepAnswer | EnrolmentStepAnswer> {
      const emailNormalized = emailKey(email);
      const wait = await throttle.attempt(context.ip, emailNormalized);
      if (wait !== undefined) {
        counted.throttled.inc();
        throw tooManyAttempts(wait);
      }

      const account = await staff.findCredentialsByEmail(emailNormalized);
      let passwordMatches = false;
      if (account) passwordMatches = await hasher.verify(account.passwordHash, password);
      else await hasher.verifyDummy(password);

      if (!account || !passwordMatches || account.disabled) {
        const reason = !account ? 'unknown_account' : !passwordMatches ? 'wrong_password' : 'account_disabled';
        await audit.record({
          ...context,
          actorSub: account?.id,
          actorEmail: account?.email ?? emailNormalized,
          action: 'login.failed',
          target: account?.id,
          details: { reason },
        });
        counted.failed.inc();
        throw invalidCredentials();
      }

      await throttle.succeeded(context.ip, emailNormalized);
      // Hashes made with weaker parameters are upgraded while the plain password is at hand.
      const rehashed = hasher.needsRehash(account.passwordHash) ? await hasher.hash(password) : undefined;
      const step = await nextStep?.(account, context);
      if (step) {
        if (rehashed) await staff.setPasswordHash(account.id, rehashed);
        return step;
      }
      // The generation is read before the account is confirmed unchanged: a password or role change stores the
      // account and raises the generation, so this sign-in either saw the new account or gets a generation that
      // change has already ended.
      const generation = await revocation.currentGeneration(account.id);
      if (!(await staff.recordLogin(account, rehashed))) throw invalidCredentials();
      const issued = await issueToken(account, generation, { amr: ['pwd'] });
      await audit.record({
        ...context,
        actorSub: account.id,
        actorEmail: account.email,
        action: 'login.succeeded',
        target: account.id,
      });
      counted.succeeded.inc();
      return issued;
    },

    /**
     * What the panel's guard and other services ask: is this token good right now, and for which role? Undefined
     * for a token that is not (bad signature or claims, revoked, account disabled or its role changed).
     */
    async verify(token: string): Promise<VerifiedSession | undefined> {
      try {
        const claims = await verify(token);
        const account = await staff.findById(claims.sub);
        if (!account || account.disabled || account.role !== claims.role) return undefined;
        return { valid: true, role: claims.role, sub: claims.sub, email: account.email };
      } catch (error) {
        // Said apart: the panel tells the person why they must sign in again.
        if (error instanceof SecondFactorRequiredError) throw secondFactorRequired();
        if (error instanceof InvalidTokenError) return undefined;
        // The panel's guard asks here: while the revocation store is down it reads what the sign-in page reads.
        if (error instanceof UnavailableError) {
          throw new UnavailableError(SIGN_IN_UNAVAILABLE, {
            retryAfterSeconds: SIGN_IN_RETRY_AFTER_SECONDS,
            cause: error,
          });
        }
        throw error;
      }
    },

    async logout(claims: StaffClaims, account: StaffAccount, context: AuditContext): Promise<void> {
      await revocation.revokeToken(claims.jti, claims.sub, claims.exp);
      await audit.record({ ...context, action: 'logout', target: account.id });
    },

    async changePassword(
      claims: StaffClaims,
      account: StaffAccount,
      { currentPassword, newPassword }: ChangePasswordBody,
      context: AuditContext & { ip: string },
    ): Promise<void> {
      await assertStrongPassword(newPassword, account.email, 'newPassword');
      const emailNormalized = emailKey(account.email);
      // A stolen token must not become an unthrottled password oracle: same counters as the login.
      const wait = await throttle.attempt(context.ip, emailNormalized);
      if (wait !== undefined) throw tooManyAttempts(wait);
      const credentials = await staff.findCredentialsById(account.id);
      if (!credentials || !(await hasher.verify(credentials.passwordHash, currentPassword))) {
        throw new AppError(400, 'wrong_password', 'The current password is not correct.', {
          issues: [{ path: 'currentPassword', message: 'is not correct' }],
        });
      }
      await throttle.succeeded(context.ip, emailNormalized);
      // Every other session ends, older or newer than this one (someone else may know the old password); this one
      // goes on. One transaction: the new password is never stored without the end of the other sessions, and a
      // sign-in with the old password cannot slip in between (see login).
      await staff.setPasswordEndingSessions(account.id, await hasher.hash(newPassword), claims.jti);
      await audit.record({ ...context, action: 'password.changed', target: account.id });
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
