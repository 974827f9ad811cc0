import type { Logger } from '@mmdm/shared/logger';
import type { AuditLogRepository } from './audit-log.repository.js';
import type { PasswordHasher } from './password-hasher.js';
import { emailKey } from '@mmdm/contracts/email';
import { passwordWeakness } from './password-policy.js';
import type { StaffRepository } from './staff.repository.js';

export const CREATE_STAFF_HINT =
  'Set ADMIN_PASSWORD (and ADMIN_EMAIL) and restart, or create one with ' +
  '`STAFF_PASSWORD=... npm run staff:create -w @mmdm/auth -- --email you@example.com --role admin`.';

/**
 * Creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD when no enabled admin exists. An existing account is
 * never overwritten: changing ADMIN_PASSWORD later does not change anyone's password.
 */
export async function bootstrapAdmin(deps: {
  staff: StaffRepository;
  audit: AuditLogRepository;
  hasher: PasswordHasher;
  logger: Logger;
  admin: { email: string; password: string } | undefined;
}): Promise<'created' | 'admin_exists' | 'email_taken' | 'no_password' | 'weak_password'> {
  const { staff, audit, hasher, logger, admin } = deps;
  if (!admin) {
    if ((await staff.countActiveAdmins()) === 0) logger.warn(`No admin account exists yet. ${CREATE_STAFF_HINT}`);
    return 'no_password';
  }
  // Checked only when it would be used: once an admin exists, ADMIN_PASSWORD sets nobody's password.
  if ((await staff.countActiveAdmins()) === 0) {
    const weakness = await passwordWeakness(admin.password, admin.email);
    if (weakness) {
      logger.error(`ADMIN_PASSWORD ${weakness} No admin account was created. ${CREATE_STAFF_HINT}`);
      return 'weak_password';
    }
  }
  const outcome = await staff.createFirstAdmin({
    email: admin.email,
    emailNormalized: emailKey(admin.email),
    hashPassword: () => hasher.hash(admin.password),
  });
  if (outcome.kind === 'created') {
    await audit.record({ actorEmail: 'system', action: 'staff.bootstrapped', target: outcome.account.id, details: { email: outcome.account.email } });
    logger.info({ email: outcome.account.email }, 'bootstrap admin created');
  } else if (outcome.kind === 'email_taken') {
    logger.warn(
      { email: admin.email },
      `No enabled admin exists and ADMIN_EMAIL belongs to an existing account, which is left unchanged. ${CREATE_STAFF_HINT}`,
    );
  }
  return outcome.kind;
}
