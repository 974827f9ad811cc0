import type pg from 'pg';
import { inTransaction } from '@mmdm/shared/db';
import { AppError } from '@mmdm/shared/errors';
import type { StaffClaims } from '@mmdm/shared/tokens';
import type { AuditContext, AuditService } from '../audit/audit.service.js';
import type { StaffAccount } from '../staff/staff.service.js';
import type { RecentAuthentication } from './mfa-enrolment.js';
import * as repository from './mfa.repository.js';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.js';

export interface RecoveryCodesDeps {
  pool: pg.Pool;
  audit: AuditService;
  recentAuthentication: RecentAuthentication;
}

const hashesOf = (staffId: string, codes: string[]) =>
  Promise.all(codes.map((code) => recoveryCodeHash(staffId, code)));

/** Recovery codes: one-time codes that stand in for a lost factor, and only ever next to one. */
export function createRecoveryCodesService({ pool, audit, recentAuthentication }: RecoveryCodesDeps) {
  return {
    /**
     * New codes when the account has none left (its first factor, or every code spent); empty otherwise. They are
     * shown once, in the enrolment's answer. Inside the enrolment's transaction (`client`).
     */
    async issueIfNone(staffId: string, client: pg.PoolClient): Promise<string[]> {
      if ((await repository.factorSummary(client, staffId)).recoveryCodesLeft > 0) return [];
      const codes = newRecoveryCodes();
      const hashes = await hashesOf(staffId, codes);
      await repository.replaceRecoveryCodes(client, staffId, hashes);
      return codes;
    },

    /** True once per code: a wrong or already used code is false. */
    async spend(staffId: string, code: string): Promise<boolean> {
      return repository.spendRecoveryCode(pool, staffId, await recoveryCodeHash(staffId, code));
    },

    /** How many unused codes the account has. */
    async left(staffId: string): Promise<number> {
      return (await repository.factorSummary(pool, staffId)).recoveryCodesLeft;
    },

    /**
     * When the last factor goes, its recovery codes go with it: they only ever stand in for a factor. Inside the
     * removal's transaction (`client`), or one of its own.
     */
    async dropIfNoFactor(staffId: string, client?: pg.PoolClient): Promise<void> {
      const drop = async (db: pg.PoolClient) => {
        const summary = await repository.factorSummary(db, staffId);
        if (!summary.totp && summary.passkeys === 0) await repository.replaceRecoveryCodes(db, staffId, []);
      };
      await (client ? drop(client) : inTransaction(pool, drop));
    },

    /** A new set replaces the old one (used or not); only for an account with a factor. */
    async regenerate(account: StaffAccount, claims: StaffClaims, context: AuditContext): Promise<string[]> {
      await recentAuthentication.assert(claims);
      const summary = await repository.factorSummary(pool, account.id);
      if (!summary.totp && summary.passkeys === 0) {
        throw new AppError(409, 'no_second_factor', 'Set up an authenticator app or a passkey first.');
      }
      const codes = newRecoveryCodes();
      const hashes = await hashesOf(account.id, codes);
      await inTransaction(pool, (client) => repository.replaceRecoveryCodes(client, account.id, hashes));
      await audit.record({ ...context, action: 'mfa.recovery_codes_renewed', target: account.id });
      return codes;
    },
  };
}

export type RecoveryCodesService = ReturnType<typeof createRecoveryCodesService>;
