import { AppError } from '@mmdm/shared/errors';
import type { AuditContext, AuditLogRepository } from '../../core/audit-log.repository.js';
import type { PasswordHasher } from '../../core/password-hasher.js';
import { assertStrongPassword } from '../../core/password-policy.js';
import type { Revocation } from '../../core/revocation.js';
import { emailKey } from '@mmdm/contracts/email';
import type { StaffAccount, StaffRepository } from '../../core/staff.repository.js';
import type { CreateStaffBody, PatchStaffBody } from '@mmdm/contracts/auth';

export interface StaffServiceDeps {
  staff: StaffRepository;
  audit: AuditLogRepository;
  hasher: PasswordHasher;
  revocation: Revocation;
}

export function createStaffService({ staff, audit, hasher, revocation }: StaffServiceDeps) {
  return {
    list: () => staff.list(),

    async create(input: CreateStaffBody, context: AuditContext): Promise<StaffAccount> {
      await assertStrongPassword(input.password, input.email, 'password');
      const account = await staff.insert({
        email: input.email,
        emailNormalized: emailKey(input.email),
        passwordHash: await hasher.hash(input.password),
        role: input.role,
      });
      if (!account) throw new AppError(409, 'email_taken', 'A staff account with this e-mail address already exists.');
      await audit.record({ ...context, action: 'staff.created', target: account.id, details: { email: account.email, role: account.role } });
      return account;
    },

    async update(id: string, patch: PatchStaffBody, context: AuditContext): Promise<StaffAccount> {
      // Tokens carry the role, so any role change or a disabling ends the account's sessions (they sign in again).
      // Revoked before the change is stored: if Redis is down nothing changes, rather than a demoted admin's tokens
      // living on in the services that verify them locally.
      const outcome = await staff.patch(id, patch, async (before, after) => {
        const sessionsEnd = after.role !== before.role || (after.disabled && !before.disabled);
        if (sessionsEnd) await revocation.endSessions(id);
      });
      if (outcome.kind === 'not_found') throw notFound();
      if (outcome.kind === 'last_admin') {
        throw new AppError(409, 'last_admin', 'This would leave no active admin. Make another account an admin first.');
      }
      const { before, after } = outcome;
      await audit.record({
        ...context,
        action: 'staff.updated',
        target: after.id,
        details: {
          email: after.email,
          before: { role: before.role, disabled: before.disabled },
          after: { role: after.role, disabled: after.disabled },
        },
      });
      return after;
    },
  };
}

const notFound = () => new AppError(404, 'staff_not_found', 'No staff account with this id.');

export type StaffService = ReturnType<typeof createStaffService>;
