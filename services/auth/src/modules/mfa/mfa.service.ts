import type pg from 'pg';
import { emailKey } from '@mmdm/contracts/email';
import { AppError } from '@mmdm/shared/errors';
import type { StaffClaims } from '@mmdm/shared/tokens';
import type {
  EnrolmentStepAnswer,
  MfaMethod,
  MfaStatus,
  ReauthBody,
  SecondFactorBody,
  SecondStepAnswer,
} from '@mmdm/contracts/auth';
import type { AuditContext, AuditService } from '../audit/audit.service.js';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import type { Revocation } from '../../lib/revocation.js';
import type { StaffAccount, StaffService } from '../staff/staff.service.js';
import {
  tooManyAttempts,
  type IssuedToken,
  type LoginThrottle,
  type LoginThrottleLimits,
  type TokenIssuer,
} from '../session/session.service.js';
import { REAUTH_WINDOW_SECONDS, type MfaChallenges } from './mfa-challenges.js';
import { createEnrolmentFinisher, createRecentAuthentication } from './mfa-enrolment.js';
import { createMfaPolicy } from './mfa-policy.js';
import * as repository from './mfa.repository.js';
import { InvalidMfaTokenError, type MfaTokens } from './mfa-tokens.js';
import { createPasskeyService, type PasskeySettings } from './passkey.service.js';
import { createRecoveryCodesService } from './recovery-codes.service.js';
import type { SecretBox } from './secret-box.js';
import { createTotpService } from './totp.service.js';

export interface MfaSettings {
  /** STAFF_MFA=required. */
  requiredByOps: boolean;
  passkeys: PasskeySettings;
}

export interface MfaServiceDeps {
  pool: pg.Pool;
  staff: StaffService;
  audit: AuditService;
  revocation: Revocation;
  issueToken: TokenIssuer;
  tokens: MfaTokens;
  challenges: MfaChallenges;
  /** Its own counters (a second-factor guess is not a password guess), with the login's rules. */
  throttle: LoginThrottle;
  /** The login's own counters: a password given to re-authenticate is a password guess like any other. */
  passwordThrottle: LoginThrottle;
  hasher: PasswordHasher;
  box: SecretBox;
  settings: MfaSettings;
}

type Context = AuditContext & { ip: string };

const stepExpired = () => new AppError(401, 'mfa_token_invalid', 'Your sign-in has expired. Please sign in again.');
const FAILURE_MESSAGE: Record<MfaMethod, string> = {
  totp: 'That code did not work. Check your authenticator app and try again.',
  recovery: 'That recovery code did not work. Each code works once.',
  passkey: 'The passkey could not be verified. Try again or use another way.',
};

/**
 * Second factors of staff sign-in. Each factor has its service (totp.service.ts, passkey.service.ts,
 * recovery-codes.service.ts) and the requirement its own (mfa-policy.ts); this one holds what spans them: the step
 * after the password, the second step itself, re-authentication and an account's overview. Its methods are the ones
 * the routes call.
 */
export function createMfaService(deps: MfaServiceDeps) {
  const { pool, staff, audit, revocation, issueToken, tokens, challenges, throttle, box, settings } = deps;
  const { passwordThrottle, hasher } = deps;

  const recentAuthentication = createRecentAuthentication(challenges);
  const policy = createMfaPolicy({ pool, staff, audit, revocation, requiredByOps: settings.requiredByOps });
  const recoveryCodes = createRecoveryCodesService({ pool, audit, recentAuthentication });
  const finishEnrolment = createEnrolmentFinisher({
    pool,
    revocation,
    issueToken,
    issueRecoveryCodes: recoveryCodes.issueIfNone,
  });
  const factorDeps = { pool, audit, revocation, challenges, recentAuthentication, finishEnrolment, policy };
  const totp = createTotpService({ ...factorDeps, box, recoveryCodes });
  const passkeys = createPasskeyService({ ...factorDeps, settings: settings.passkeys, recoveryCodes });

  /** Methods the account can finish a sign-in with (recovery codes only next to a real factor). */
  const methodsOf = (summary: repository.FactorSummary): MfaMethod[] => {
    const methods: MfaMethod[] = [];
    if (summary.totp) methods.push('totp');
    if (summary.passkeys > 0) methods.push('passkey');
    if (methods.length > 0 && summary.recoveryCodesLeft > 0) methods.push('recovery');
    return methods;
  };

  /** Token claims still good for this account now: it exists, is enabled, and nothing ended its sessions since. */
  const liveAccount = async (claims: { sub: string; gen: number }) => {
    const account = await staff.findCredentialsById(claims.sub);
    if (!account || account.disabled) return undefined;
    if ((await revocation.currentGeneration(claims.sub)) !== claims.gen) return undefined;
    return account;
  };

  /**
   * The factor's RFC 8176 `amr` value when it is right (and now spent where it is single-use); otherwise why not,
   * for the audit. A recovery code is a one-time code (NIST's look-up secret): `otp`; the audit row tells it apart.
   */
  const checkFactor = async (
    staffId: string,
    body: SecondFactorBody,
    jti: string,
  ): Promise<{ amr: string } | { failed: string }> => {
    if (body.method === 'totp') {
      const failed = await totp.check(staffId, body.code);
      return failed ? { failed } : { amr: 'otp' };
    }
    if (body.method === 'recovery') {
      return (await recoveryCodes.spend(staffId, body.code))
        ? { amr: 'otp' }
        : { failed: 'wrong_or_used_recovery_code' };
    }
    return passkeys.check(staffId, body.response, jti);
  };

  return {
    /**
     * Called by the login once the password is right. Undefined: no second step (sign in as before). Otherwise the
     * next step, with a token that is not a session.
     */
    async afterPassword(
      account: StaffAccount,
      context: Context,
    ): Promise<SecondStepAnswer | EnrolmentStepAnswer | undefined> {
      const methods = methodsOf(await repository.factorSummary(pool, account.id));
      const generation = await revocation.currentGeneration(account.id);
      if (methods.length > 0) {
        const { token, expiresAt } = await tokens.issue('second-factor', account.id, generation);
        await audit.record({
          ...context,
          actorSub: account.id,
          actorEmail: account.email,
          action: 'login.password_accepted',
          target: account.id,
          details: { next: 'second_factor' },
        });
        return { step: 'second_factor', mfaToken: token, expiresAt, methods };
      }
      if (await policy.isRequired()) {
        const { token, expiresAt } = await tokens.issue('enrol', account.id, generation);
        await audit.record({
          ...context,
          actorSub: account.id,
          actorEmail: account.email,
          action: 'login.password_accepted',
          target: account.id,
          details: { next: 'enrol' },
        });
        return { step: 'enrol', enrolToken: token, expiresAt };
      }
      return undefined;
    },

    /** WebAuthn options for the second step: a fresh challenge bound to this second-step token. */
    async passkeyOptions(mfaToken: string) {
      const claims = await tokens.verify('second-factor', mfaToken).catch(() => {
        throw stepExpired();
      });
      if (!(await liveAccount(claims))) throw stepExpired();
      return passkeys.signInOptions(claims.sub, claims.jti);
    },

    /** The second step: a TOTP code, a recovery code or a passkey assertion turns the step token into a session. */
    async completeSignIn(body: SecondFactorBody, context: Context): Promise<IssuedToken> {
      let claims;
      try {
        claims = await tokens.verify('second-factor', body.mfaToken);
      } catch (error) {
        if (error instanceof InvalidMfaTokenError) throw stepExpired();
        throw error;
      }
      const throttleKey = `staff:${claims.sub}`;
      const wait = await throttle.attempt(context.ip, throttleKey);
      if (wait !== undefined) throw tooManyAttempts(wait);

      const account = await liveAccount(claims);
      if (!account) throw stepExpired();
      const who = { ...context, actorSub: account.id, actorEmail: account.email, target: account.id };

      const checked = await checkFactor(account.id, body, claims.jti);
      if ('failed' in checked) {
        await audit.record({
          ...who,
          action: 'login.second_factor_failed',
          details: { method: body.method, reason: checked.failed },
        });
        throw new AppError(401, 'invalid_second_factor', FAILURE_MESSAGE[body.method]);
      }
      // One session per second-step token, even when two right answers race.
      if (!(await challenges.spendStepToken(claims.jti, claims.exp - Math.floor(Date.now() / 1000) + 60)))
        throw stepExpired();
      await throttle.succeeded(context.ip, throttleKey);
      if (!(await staff.recordLogin(account))) throw stepExpired();
      const issued = await issueToken(account, claims.gen, { amr: ['pwd', checked.amr] });
      const details: Record<string, unknown> = { method: body.method };
      if (body.method === 'recovery') details.recoveryCodesLeft = await recoveryCodes.left(account.id);
      await audit.record({ ...who, action: 'login.succeeded', details });
      return issued;
    },

    async status(account: StaffAccount): Promise<MfaStatus> {
      const [summary, stored, required] = await Promise.all([
        repository.factorSummary(pool, account.id),
        passkeys.list(account.id),
        policy.isRequired(),
      ]);
      return {
        totp: summary.totp,
        passkeys: stored.map((passkey) => ({
          id: passkey.id,
          name: passkey.name,
          createdAt: passkey.createdAt.toISOString(),
          lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
        })),
        recoveryCodesLeft: summary.recoveryCodesLeft,
        required,
      };
    },

    beginTotp: totp.begin,
    confirmTotp: totp.confirm,
    removeTotp: totp.remove,
    passkeyRegistrationOptions: passkeys.registrationOptions,
    registerPasskey: passkeys.register,
    removePasskey: passkeys.remove,
    regenerateRecoveryCodes: recoveryCodes.regenerate,

    /**
     * The owner of a session proves themselves again (password, or a current authenticator-app code): for the next
     * 5 minutes the current session may change factors. Guesses count on the login's counters (password) or the second
     * step's (codes), so a stolen token is no unthrottled oracle.
     */
    async reauthenticate(
      account: StaffAccount,
      claims: StaffClaims,
      body: ReauthBody,
      context: Context,
    ): Promise<{ until: string }> {
      const limiter = body.method === 'password' ? passwordThrottle : throttle;
      const throttleKey = body.method === 'password' ? emailKey(account.email) : `staff:${account.id}`;
      const wait = await limiter.attempt(context.ip, throttleKey);
      if (wait !== undefined) throw tooManyAttempts(wait);
      let failed: string | undefined;
      if (body.method === 'password') {
        const credentials = await staff.findCredentialsById(account.id);
        const right = credentials ? await hasher.verify(credentials.passwordHash, body.password) : false;
        failed = right ? undefined : 'wrong_password';
      } else {
        failed = await totp.check(account.id, body.code);
      }
      if (failed) {
        await audit.record({
          ...context,
          action: 'reauth.failed',
          target: account.id,
          details: { method: body.method, reason: failed },
        });
        throw body.method === 'password'
          ? new AppError(400, 'wrong_password', 'The password is not correct.', {
              issues: [{ path: 'password', message: 'is not correct' }],
            })
          : new AppError(400, 'invalid_second_factor', FAILURE_MESSAGE.totp, {
              issues: [{ path: 'code', message: 'does not match' }],
            });
      }
      await limiter.succeeded(context.ip, throttleKey);
      await challenges.putReauth(claims.jti);
      await audit.record({
        ...context,
        action: 'reauth.succeeded',
        target: account.id,
        details: { method: body.method },
      });
      return { until: new Date(Date.now() + REAUTH_WINDOW_SECONDS * 1000).toISOString() };
    },

    policy: policy.policy,
    setPolicy: policy.setPolicy,
    staffFactors: policy.staffFactors,
    reset: policy.reset,
  };
}

export type MfaService = ReturnType<typeof createMfaService>;

/**
 * Second-step guesses, counted apart from passwords: per address (any account), per account and address, per account
 * from everywhere. Six digits with a window of three steps leave 3 in 10^6 per guess: 20 an hour is about a 4% chance
 * in a month of non-stop guessing, and only for someone who already has the password (whose every sign-in is audited).
 */
export const MFA_THROTTLE: LoginThrottleLimits = {
  ip: { maxFails: 30, windowSeconds: 900 },
  accountIp: { maxFails: 5, windowSeconds: 900 },
  account: { maxFails: 20, windowSeconds: 3600 },
};
