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
import { inTransaction } from '@mmdm/shared/db';
import { AppError } from '@mmdm/shared/errors';
import type { StaffClaims } from '@mmdm/shared/tokens';
import type { EnrolmentAnswer } from '@mmdm/contracts/auth';
import type { AuditContext, AuditService } from '../audit/audit.service.js';
import type { Revocation } from '../../lib/revocation.js';
import type { StaffAccount } from '../staff/staff.service.js';
import type { MfaChallenges } from './mfa-challenges.js';
import type { FinishEnrolment, RecentAuthentication } from './mfa-enrolment.js';
import type { MfaPolicyService } from './mfa-policy.js';
import * as repository from './mfa.repository.js';
import type { RecoveryCodesService } from './recovery-codes.service.js';

export interface PasskeySettings {
  rpId: string;
  rpName: string;
  origins: string[];
}

export interface PasskeyServiceDeps {
  pool: pg.Pool;
  audit: AuditService;
  revocation: Revocation;
  challenges: MfaChallenges;
  settings: PasskeySettings;
  recentAuthentication: RecentAuthentication;
  finishEnrolment: FinishEnrolment;
  policy: Pick<MfaPolicyService, 'assertMayRemove'>;
  recoveryCodes: Pick<RecoveryCodesService, 'dropIfNoFactor'>;
}

/**
 * RFC 8176 for a passkey: `swk` when it may be synced to other devices (backup eligible: a password manager's or
 * a platform's synced passkey), `hwk` when it is bound to one authenticator.
 */
const passkeyAmr = (deviceType: 'singleDevice' | 'multiDevice') => (deviceType === 'multiDevice' ? 'swk' : 'hwk');

/** WebAuthn's user handle for an account: its id's bytes, never the address (WebAuthn §14.6.1). */
const userHandle = (staffId: string) => new TextEncoder().encode(staffId);

const transportsOf = (passkey: repository.StoredPasskey) => ({
  id: passkey.credentialId,
  transports: passkey.transports as AuthenticatorTransportFuture[],
});

const invalidPasskey = () =>
  new AppError(400, 'passkey_invalid', 'The passkey could not be verified. Please try again.');

/** Passkeys (WebAuthn): registering one, signing in with one, removing one. */
export function createPasskeyService(deps: PasskeyServiceDeps) {
  const { pool, audit, revocation, challenges, settings, recentAuthentication, finishEnrolment, policy } = deps;
  const { recoveryCodes } = deps;

  return {
    list: (staffId: string) => repository.listPasskeys(pool, staffId),

    /** WebAuthn options for a second step (its token's `jti`): a fresh challenge bound to that step. */
    async signInOptions(staffId: string, jti: string) {
      const passkeys = await repository.listPasskeys(pool, staffId);
      if (passkeys.length === 0)
        throw new AppError(409, 'no_passkey', 'This account has no passkey. Use another way to sign in.');
      const options = await generateAuthenticationOptions({
        rpID: settings.rpId,
        userVerification: 'preferred',
        allowCredentials: passkeys.map(transportsOf),
      });
      await challenges.putAuthenticationChallenge(jti, options.challenge);
      return options;
    },

    /**
     * The factor's RFC 8176 `amr` value when the assertion is right (and its counter recorded); otherwise why not,
     * for the audit.
     */
    async check(staffId: string, response: { id: string }, jti: string): Promise<{ amr: string } | { failed: string }> {
      const challenge = await challenges.takeAuthenticationChallenge(jti);
      if (!challenge) return { failed: 'no_challenge' };
      const passkey = await repository.findPasskeyByCredentialId(pool, response.id);
      if (!passkey || passkey.staffId !== staffId) return { failed: 'unknown_passkey' };
      try {
        const { verified, authenticationInfo } = await verifyAuthenticationResponse({
          response: response as unknown as AuthenticationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: settings.origins,
          expectedRPID: settings.rpId,
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
    },

    async registrationOptions(account: StaffAccount, claims: StaffClaims | undefined) {
      await recentAuthentication.assert(claims);
      const existing = await repository.listPasskeys(pool, account.id);
      const options = await generateRegistrationOptions({
        rpName: settings.rpName,
        rpID: settings.rpId,
        userName: account.email,
        userID: userHandle(account.id),
        attestationType: 'none',
        excludeCredentials: existing.map(transportsOf),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      await challenges.putRegistrationChallenge(account.id, options.challenge);
      return options;
    },

    async register(
      account: StaffAccount,
      claims: StaffClaims | undefined,
      input: { name: string; response: RegistrationResponseJSON },
      context: AuditContext,
    ): Promise<EnrolmentAnswer> {
      await recentAuthentication.assert(claims);
      const challenge = await challenges.takeRegistrationChallenge(account.id);
      if (!challenge) throw new AppError(409, 'no_enrolment', 'This set-up has expired. Start again.');
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response: input.response,
          expectedChallenge: challenge,
          expectedOrigin: settings.origins,
          expectedRPID: settings.rpId,
          requireUserVerification: false,
        });
      } catch {
        throw invalidPasskey();
      }
      if (!verification.verified) throw invalidPasskey();
      const { credential } = verification.registrationInfo;
      const { answer, stored } = await finishEnrolment(
        account,
        claims,
        passkeyAmr(verification.registrationInfo.credentialDeviceType),
        async (client) => {
          const inserted = await repository.insertPasskey(client, {
            staffId: account.id,
            credentialId: credential.id,
            publicKey: credential.publicKey,
            signCount: credential.counter,
            transports: credential.transports ?? [],
            name: input.name,
          });
          if (!inserted) throw new AppError(409, 'passkey_exists', 'This passkey is already registered.');
          return inserted;
        },
      );
      await audit.record({
        ...context,
        action: 'mfa.passkey_registered',
        target: account.id,
        details: { passkeyId: stored.id, name: stored.name },
      });
      return answer;
    },

    async remove(account: StaffAccount, claims: StaffClaims, id: string, context: AuditContext): Promise<void> {
      await recentAuthentication.assert(claims);
      await policy.assertMayRemove(account.id);
      // The passkey, the recovery codes if it was the last factor, and every other session end together or not at all.
      await inTransaction(pool, async (client) => {
        if (!(await repository.deletePasskey(client, account.id, id)))
          throw new AppError(404, 'not_found', 'No such passkey.');
        await recoveryCodes.dropIfNoFactor(account.id, client);
        await revocation.endSessions(account.id, claims.jti, client);
      });
      await audit.record({ ...context, action: 'mfa.passkey_removed', target: account.id, details: { passkeyId: id } });
    },
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
