import type pg from 'pg';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { emailKey } from '@mmdm/contracts/email';
import { AppError } from '@mmdm/shared/errors';
import type { StaffClaims } from '@mmdm/shared/tokens';
import type {
  EnrolmentAnswer,
  EnrolmentStepAnswer,
  MfaMethod,
  MfaPolicy,
  MfaStatus,
  ReauthBody,
  SecondFactorBody,
  SecondStepAnswer,
  TotpSetup,
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
import * as repository from './mfa.repository.js';
import { InvalidMfaTokenError, type MfaTokens } from './mfa-tokens.js';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.js';
import type { SecretBox } from './secret-box.js';
import { matchingTotpStep, newTotpSecret, totpEnrolment } from './totp.js';

export interface MfaSettings {
  /** STAFF_MFA=required. */
  requiredByOps: boolean;
  passkeys: { rpId: string; rpName: string; origins: string[] };
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

const reauthRequired = () =>
  new AppError(
    403,
    'reauth_required',
    'To change how you sign in, confirm it is you: enter your password or a code from your authenticator app.',
  );

/**
 * RFC 8176 for a passkey: `swk` when it may be synced to other devices (backup eligible: a password manager's or
 * a platform's synced passkey), `hwk` when it is bound to one authenticator.
 */
const passkeyAmr = (deviceType: 'singleDevice' | 'multiDevice') => (deviceType === 'multiDevice' ? 'swk' : 'hwk');

/** WebAuthn's user handle for an account: its id's bytes, never the address (WebAuthn §14.6.1). */
const userHandle = (staffId: string) => new TextEncoder().encode(staffId);

export function createMfaService(deps: MfaServiceDeps) {
  const { pool, staff, audit, revocation, issueToken, tokens, challenges, throttle, box, settings } = deps;
  const { passwordThrottle, hasher } = deps;

  const isRequired = async () => settings.requiredByOps || (await repository.readPolicy(pool)).required;

  /** Methods the account can finish a sign-in with (recovery codes only next to a real factor). */
  const methodsOf = (summary: repository.FactorSummary): MfaMethod[] => {
    const methods: MfaMethod[] = [];
    if (summary.totp) methods.push('totp');
    if (summary.passkeys > 0) methods.push('passkey');
    if (methods.length > 0 && summary.recoveryCodesLeft > 0) methods.push('recovery');
    return methods;
  };

  /**
   * An enrolment changes what signing in takes, so every other session ends (the generation rises). The enrolling
   * session goes on with the same jti, expiry and time of authentication, now also showing the new factor in `amr`:
   * an enrolment never lengthens a session (a stolen token cannot renew itself by enrolling). Enrolling with an
   * enrolment token (a required factor, right after the password) is the sign-in itself: it gets a new session.
   * The recovery codes come with the first factor and are shown only here.
   */
  const finishEnrolment = async (
    account: StaffAccount,
    claims: StaffClaims | undefined,
    factorAmr: string,
  ): Promise<EnrolmentAnswer> => {
    let recoveryCodes: string[] = [];
    if ((await repository.factorSummary(pool, account.id)).recoveryCodesLeft === 0) {
      recoveryCodes = newRecoveryCodes();
      await repository.replaceRecoveryCodes(
        pool,
        account.id,
        await Promise.all(recoveryCodes.map((code) => recoveryCodeHash(account.id, code))),
      );
    }
    await revocation.endSessions(account.id, claims?.jti);
    const generation = await revocation.currentGeneration(account.id);
    const session = claims
      ? await issueToken(account, generation, {
          amr: [...new Set([...claims.amr, factorAmr])],
          continues: { jti: claims.jti, exp: claims.exp, authTime: claims.authTime },
        })
      : await issueToken(account, generation, { amr: ['pwd', factorAmr] });
    return { session, recoveryCodes };
  };

  /** Token claims still good for this account now: it exists, is enabled, and nothing ended its sessions since. */
  const liveAccount = async (claims: { sub: string; gen: number }) => {
    const account = await staff.findCredentialsById(claims.sub);
    if (!account || account.disabled) return undefined;
    if ((await revocation.currentGeneration(claims.sub)) !== claims.gen) return undefined;
    return account;
  };

  /**
   * A session may change factors only if its owner proved themselves within the last 5 minutes: at sign-in
   * (`auth_time`) or through POST /me/reauth. Undefined claims: an enrolment token, which a password gave moments
   * ago for enrolling and nothing else.
   */
  const assertRecentAuthentication = async (claims: StaffClaims | undefined) => {
    if (!claims) return;
    if (claims.authTime >= Math.floor(Date.now() / 1000) - REAUTH_WINDOW_SECONDS) return;
    if (await challenges.hasReauth(claims.jti)) return;
    throw reauthRequired();
  };

  /** When the last factor goes, its recovery codes go with it: they only ever stand in for a factor. */
  const dropOrphanRecoveryCodes = async (staffId: string) => {
    const summary = await repository.factorSummary(pool, staffId);
    if (!summary.totp && summary.passkeys === 0) await repository.replaceRecoveryCodes(pool, staffId, []);
  };

  const assertMayRemove = async (staffId: string) => {
    const summary = await repository.factorSummary(pool, staffId);
    const factors = (summary.totp ? 1 : 0) + summary.passkeys;
    if (factors <= 1 && (await isRequired())) {
      throw new AppError(409, 'mfa_required', 'A second factor is required: add another one before removing this one.');
    }
  };

  /** Undefined when the code is right (and now spent: no code works twice); otherwise why not, for the audit. */
  const checkTotp = async (staffId: string, code: string): Promise<string | undefined> => {
    const stored = await repository.findTotp(pool, staffId);
    if (!stored) return 'no_totp';
    const step = matchingTotpStep(box.open(stored.secretSealed), code);
    if (step === undefined) return 'wrong_code';
    return (await repository.consumeTotpStep(pool, staffId, step)) ? undefined : 'code_reused';
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
      const failed = await checkTotp(staffId, body.code);
      return failed ? { failed } : { amr: 'otp' };
    }
    if (body.method === 'recovery') {
      const spent = await repository.spendRecoveryCode(pool, staffId, await recoveryCodeHash(staffId, body.code));
      return spent ? { amr: 'otp' } : { failed: 'wrong_or_used_recovery_code' };
    }
    const challenge = await challenges.takeAuthenticationChallenge(jti);
    if (!challenge) return { failed: 'no_challenge' };
    const passkey = await repository.findPasskeyByCredentialId(pool, body.response.id);
    if (!passkey || passkey.staffId !== staffId) return { failed: 'unknown_passkey' };
    try {
      const { verified, authenticationInfo } = await verifyAuthenticationResponse({
        response: body.response as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: settings.passkeys.origins,
        expectedRPID: settings.passkeys.rpId,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(passkey.publicKey),
          counter: passkey.signCount,
          transports: passkey.transports as AuthenticatorTransportFuture[],
        },
        requireUserVerification: false,
      });
      if (!verified) return { failed: 'passkey_not_verified' };
      const recorded = await repository.recordPasskeyUse(
        pool,
        passkey.id,
        passkey.signCount,
        authenticationInfo.newCounter,
      );
      return recorded ? { amr: passkeyAmr(authenticationInfo.credentialDeviceType) } : { failed: 'passkey_counter' };
    } catch {
      return { failed: 'passkey_not_verified' };
    }
  };

  const policy = async (): Promise<MfaPolicy> => ({
    required: await isRequired(),
    requiredByOps: settings.requiredByOps,
  });

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
      if (await isRequired()) {
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
      const passkeys = await repository.listPasskeys(pool, claims.sub);
      if (passkeys.length === 0)
        throw new AppError(409, 'no_passkey', 'This account has no passkey. Use another way to sign in.');
      const options = await generateAuthenticationOptions({
        rpID: settings.passkeys.rpId,
        userVerification: 'preferred',
        allowCredentials: passkeys.map((passkey) => ({
          id: passkey.credentialId,
          transports: passkey.transports as AuthenticatorTransportFuture[],
        })),
      });
      await challenges.putAuthenticationChallenge(claims.jti, options.challenge);
      return options;
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
      if (body.method === 'recovery')
        details.recoveryCodesLeft = (await repository.factorSummary(pool, account.id)).recoveryCodesLeft;
      await audit.record({ ...who, action: 'login.succeeded', details });
      return issued;
    },

    async status(account: StaffAccount): Promise<MfaStatus> {
      const [summary, passkeys, required] = await Promise.all([
        repository.factorSummary(pool, account.id),
        repository.listPasskeys(pool, account.id),
        isRequired(),
      ]);
      return {
        totp: summary.totp,
        passkeys: passkeys.map((passkey) => ({
          id: passkey.id,
          name: passkey.name,
          createdAt: passkey.createdAt.toISOString(),
          lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
        })),
        recoveryCodesLeft: summary.recoveryCodesLeft,
        required,
      };
    },

    /** `claims`: the session's, or undefined with an enrolment token (see assertRecentAuthentication). */
    async beginTotp(account: StaffAccount, claims: StaffClaims | undefined): Promise<TotpSetup> {
      await assertRecentAuthentication(claims);
      if (await repository.findTotp(pool, account.id)) {
        throw new AppError(
          409,
          'totp_exists',
          'An authenticator app is already set up. Remove it first to set up another.',
        );
      }
      const secret = newTotpSecret();
      await challenges.putTotpSecret(account.id, box.seal(secret));
      return { secret, ...totpEnrolment(secret, account.email) };
    },

    async confirmTotp(
      account: StaffAccount,
      claims: StaffClaims | undefined,
      code: string,
      context: AuditContext,
    ): Promise<EnrolmentAnswer> {
      await assertRecentAuthentication(claims);
      const sealed = await challenges.peekTotpSecret(account.id);
      if (!sealed)
        throw new AppError(409, 'no_enrolment', 'This set-up has expired. Start again to get a new QR code.');
      const step = matchingTotpStep(box.open(sealed), code);
      if (step === undefined) {
        throw new AppError(
          400,
          'invalid_second_factor',
          'That code did not work. Check the time on your phone and try again.',
          {
            issues: [{ path: 'code', message: 'does not match' }],
          },
        );
      }
      if (!(await repository.insertTotp(pool, account.id, sealed, step))) {
        throw new AppError(409, 'totp_exists', 'An authenticator app is already set up.');
      }
      await challenges.dropTotpSecret(account.id);
      const answer = await finishEnrolment(account, claims, 'otp');
      await audit.record({ ...context, action: 'mfa.totp_enrolled', target: account.id });
      return answer;
    },

    /** Removing a factor changes what signing in takes: every other session ends (docs/security.md, decision 024). */
    async removeTotp(account: StaffAccount, claims: StaffClaims, context: AuditContext): Promise<void> {
      await assertRecentAuthentication(claims);
      await assertMayRemove(account.id);
      if (!(await repository.deleteTotp(pool, account.id)))
        throw new AppError(404, 'not_found', 'No authenticator app is set up.');
      await dropOrphanRecoveryCodes(account.id);
      await revocation.endSessions(account.id, claims.jti);
      await audit.record({ ...context, action: 'mfa.totp_removed', target: account.id });
    },

    async passkeyRegistrationOptions(account: StaffAccount, claims: StaffClaims | undefined) {
      await assertRecentAuthentication(claims);
      const existing = await repository.listPasskeys(pool, account.id);
      const options = await generateRegistrationOptions({
        rpName: settings.passkeys.rpName,
        rpID: settings.passkeys.rpId,
        userName: account.email,
        userID: userHandle(account.id),
        attestationType: 'none',
        excludeCredentials: existing.map((passkey) => ({
          id: passkey.credentialId,
          transports: passkey.transports as AuthenticatorTransportFuture[],
        })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      await challenges.putRegistrationChallenge(account.id, options.challenge);
      return options;
    },

    async registerPasskey(
      account: StaffAccount,
      claims: StaffClaims | undefined,
      input: { name: string; response: RegistrationResponseJSON },
      context: AuditContext,
    ): Promise<EnrolmentAnswer> {
      await assertRecentAuthentication(claims);
      const challenge = await challenges.takeRegistrationChallenge(account.id);
      if (!challenge) throw new AppError(409, 'no_enrolment', 'This set-up has expired. Start again.');
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response: input.response,
          expectedChallenge: challenge,
          expectedOrigin: settings.passkeys.origins,
          expectedRPID: settings.passkeys.rpId,
          requireUserVerification: false,
        });
      } catch {
        throw new AppError(400, 'passkey_invalid', 'The passkey could not be verified. Please try again.');
      }
      if (!verification.verified)
        throw new AppError(400, 'passkey_invalid', 'The passkey could not be verified. Please try again.');
      const { credential } = verification.registrationInfo;
      const stored = await repository.insertPasskey(pool, {
        staffId: account.id,
        credentialId: credential.id,
        publicKey: credential.publicKey,
        signCount: credential.counter,
        transports: credential.transports ?? [],
        name: input.name,
      });
      if (!stored) throw new AppError(409, 'passkey_exists', 'This passkey is already registered.');
      const answer = await finishEnrolment(
        account,
        claims,
        passkeyAmr(verification.registrationInfo.credentialDeviceType),
      );
      await audit.record({
        ...context,
        action: 'mfa.passkey_registered',
        target: account.id,
        details: { passkeyId: stored.id, name: stored.name },
      });
      return answer;
    },

    async removePasskey(account: StaffAccount, claims: StaffClaims, id: string, context: AuditContext): Promise<void> {
      await assertRecentAuthentication(claims);
      await assertMayRemove(account.id);
      if (!(await repository.deletePasskey(pool, account.id, id)))
        throw new AppError(404, 'not_found', 'No such passkey.');
      await dropOrphanRecoveryCodes(account.id);
      await revocation.endSessions(account.id, claims.jti);
      await audit.record({ ...context, action: 'mfa.passkey_removed', target: account.id, details: { passkeyId: id } });
    },

    async regenerateRecoveryCodes(
      account: StaffAccount,
      claims: StaffClaims,
      context: AuditContext,
    ): Promise<string[]> {
      await assertRecentAuthentication(claims);
      const summary = await repository.factorSummary(pool, account.id);
      if (!summary.totp && summary.passkeys === 0) {
        throw new AppError(409, 'no_second_factor', 'Set up an authenticator app or a passkey first.');
      }
      const codes = newRecoveryCodes();
      await repository.replaceRecoveryCodes(
        pool,
        account.id,
        await Promise.all(codes.map((code) => recoveryCodeHash(account.id, code))),
      );
      await audit.record({ ...context, action: 'mfa.recovery_codes_renewed', target: account.id });
      return codes;
    },

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
        failed = await checkTotp(account.id, body.code);
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

    policy,

    /**
     * Turning the requirement on ends the sessions of everyone without a factor: their next sign-in can only enrol.
     * The admin turning it on must have a factor, or the switch would lock them into enrolment at once.
     */
    async setPolicy(account: StaffAccount, required: boolean, context: AuditContext): Promise<MfaPolicy> {
      if (required) {
        const own = await repository.factorSummary(pool, account.id);
        if (!own.totp && own.passkeys === 0) {
          throw new AppError(409, 'no_second_factor', 'Set up your own second factor first (My account → Security).');
        }
      }
      const before = (await repository.readPolicy(pool)).required;
      await repository.writePolicy(pool, required, account.email);
      if (required && !before) {
        const factors = await repository.factorsByAccount(pool);
        for (const member of await staff.list()) if (!factors.has(member.id)) await revocation.endSessions(member.id);
      }
      await audit.record({ ...context, action: 'mfa.policy_changed', details: { before, after: required } });
      return policy();
    },

    /** Every staff account with its factors, newest account first (the staff list's order). */
    async staffFactors() {
      const factors = await repository.factorsByAccount(pool);
      return (await staff.list()).map((member) => ({
        staffId: member.id,
        email: member.email,
        ...(factors.get(member.id) ?? { totp: false, passkeys: 0 }),
      }));
    },

    /** An admin's reset: every factor and recovery code of the account goes, and every session of it ends. */
    async reset(actor: StaffAccount, targetId: string, context: AuditContext): Promise<void> {
      if (actor.id === targetId) {
        throw new AppError(400, 'own_account', 'Manage your own second factor under My account → Security.');
      }
      const target = await staff.findById(targetId);
      if (!target) throw new AppError(404, 'staff_not_found', 'No staff account with this id.');
      // Sessions end first: if Redis is down nothing is reset, rather than old sessions outliving the reset.
      await revocation.endSessions(targetId);
      const before = await repository.deleteAllFactors(pool, targetId);
      await audit.record({
        ...context,
        action: 'mfa.reset',
        target: targetId,
        details: { email: target.email, before: { totp: before.totp, passkeys: before.passkeys } },
      });
    },
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
