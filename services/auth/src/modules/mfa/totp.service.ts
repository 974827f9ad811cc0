import type pg from 'pg';
import { inTransaction } from '@mmdm/shared/db';
import { AppError } from '@mmdm/shared/errors';
import type { StaffClaims } from '@mmdm/shared/tokens';
import type { EnrolmentAnswer, TotpSetup } from '@mmdm/contracts/auth';
import type { AuditContext, AuditService } from '../audit/audit.service.js';
import type { Revocation } from '../../lib/revocation.js';
import type { StaffAccount } from '../staff/staff.service.js';
import type { MfaChallenges } from './mfa-challenges.js';
import type { FinishEnrolment, RecentAuthentication } from './mfa-enrolment.js';
import type { MfaPolicyService } from './mfa-policy.js';
import * as repository from './mfa.repository.js';
import type { RecoveryCodesService } from './recovery-codes.service.js';
import type { SecretBox } from './secret-box.js';
import { matchingTotpStep, newTotpSecret, totpEnrolment } from './totp.js';

export interface TotpServiceDeps {
  pool: pg.Pool;
  audit: AuditService;
  revocation: Revocation;
  challenges: MfaChallenges;
  box: SecretBox;
  recentAuthentication: RecentAuthentication;
  finishEnrolment: FinishEnrolment;
  policy: Pick<MfaPolicyService, 'assertMayRemove'>;
  recoveryCodes: Pick<RecoveryCodesService, 'dropIfNoFactor'>;
}

/** The authenticator app (RFC 6238): setting it up, checking its codes, removing it. */
export function createTotpService(deps: TotpServiceDeps) {
  const { pool, audit, revocation, challenges, box, recentAuthentication, finishEnrolment, policy } = deps;
  const { recoveryCodes } = deps;

  return {
    /** Undefined when the code is right (and now spent: no code works twice); otherwise why not, for the audit. */
    async check(staffId: string, code: string): Promise<string | undefined> {
      const stored = await repository.findTotp(pool, staffId);
      if (!stored) return 'no_totp';
      const step = matchingTotpStep(box.open(stored.secretSealed), code);
      if (step === undefined) return 'wrong_code';
      return (await repository.consumeTotpStep(pool, staffId, step)) ? undefined : 'code_reused';
    },

    /** `claims`: the session's, or undefined with an enrolment token (see RecentAuthentication). */
    async begin(account: StaffAccount, claims: StaffClaims | undefined): Promise<TotpSetup> {
      await recentAuthentication.assert(claims);
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

    async confirm(
      account: StaffAccount,
      claims: StaffClaims | undefined,
      code: string,
      context: AuditContext,
    ): Promise<EnrolmentAnswer> {
      await recentAuthentication.assert(claims);
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
      const { answer } = await finishEnrolment(account, claims, 'otp', async (client) => {
        if (!(await repository.insertTotp(client, account.id, sealed, step))) {
          throw new AppError(409, 'totp_exists', 'An authenticator app is already set up.');
        }
      });
      await challenges.dropTotpSecret(account.id);
      await audit.record({ ...context, action: 'mfa.totp_enrolled', target: account.id });
      return answer;
    },

    /** Removing a factor changes what signing in takes: every other session ends. */
    async remove(account: StaffAccount, claims: StaffClaims, context: AuditContext): Promise<void> {
      await recentAuthentication.assert(claims);
      await policy.assertMayRemove(account.id);
      // The factor, its recovery codes if it was the last, and every other session end together or not at all.
      await inTransaction(pool, async (client) => {
        if (!(await repository.deleteTotp(client, account.id)))
          throw new AppError(404, 'not_found', 'No authenticator app is set up.');
        await recoveryCodes.dropIfNoFactor(account.id, client);
        await revocation.endSessions(account.id, claims.jti, client);
      });
      await audit.record({ ...context, action: 'mfa.totp_removed', target: account.id });
    },
  };
}

export type TotpService = ReturnType<typeof createTotpService>;
