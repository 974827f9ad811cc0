import type pg from 'pg';
import { inTransaction } from '@mmdm/shared/db';
import { AppError } from '@mmdm/shared/errors';
import type { MfaPolicy } from '@mmdm/contracts/auth';
import type { AuditContext, AuditService } from '../audit/audit.service.js';
import type { Revocation } from '../../lib/revocation.js';
import type { StaffAccount, StaffService } from '../staff/staff.service.js';
import * as repository from './mfa.repository.js';

export interface MfaPolicyDeps {
  pool: pg.Pool;
  staff: StaffService;
  audit: AuditService;
  revocation: Revocation;
  /** STAFF_MFA=required: the requirement holds whatever the stored policy says. */
  requiredByOps: boolean;
}

/** Whether staff must have a second factor, and what admins do about everyone's factors (the list, a reset). */
export function createMfaPolicy({ pool, staff, audit, revocation, requiredByOps }: MfaPolicyDeps) {
  const isRequired = async () => requiredByOps || (await repository.readPolicy(pool)).required;

  const policy = async (): Promise<MfaPolicy> => ({ required: await isRequired(), requiredByOps });

  return {
    isRequired,
    policy,

    /** A factor may go unless it is the account's last one and a second factor is required. */
    async assertMayRemove(staffId: string): Promise<void> {
      const summary = await repository.factorSummary(pool, staffId);
      const factors = (summary.totp ? 1 : 0) + summary.passkeys;
      if (factors <= 1 && (await isRequired())) {
        throw new AppError(
          409,
          'mfa_required',
          'A second factor is required: add another one before removing this one.',
        );
      }
    },

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
      // The factors and the sessions end in one transaction; if Redis is down nothing is reset, rather than old
      // sessions outliving the reset.
      const before = await inTransaction(pool, async (client) => {
        const removed = await repository.deleteAllFactors(client, targetId);
        await revocation.endSessions(targetId, undefined, client);
        return removed;
      });
      await audit.record({
        ...context,
        action: 'mfa.reset',
        target: targetId,
        details: { email: target.email, before: { totp: before.totp, passkeys: before.passkeys } },
      });
    },
  };
}

export type MfaPolicyService = ReturnType<typeof createMfaPolicy>;
