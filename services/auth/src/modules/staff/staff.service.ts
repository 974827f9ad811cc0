import type { CreateStaffBody, PatchStaffBody } from '@mmdm/contracts/auth';
import { emailKey } from '@mmdm/contracts/email';
import { AppError, UnavailableError } from '@mmdm/shared/errors';
import type { Logger } from '@mmdm/shared/logger';
import type { StaffRole } from '@mmdm/shared/tokens';
import type pg from 'pg';
import { inTransaction } from '@mmdm/shared/db';
import type { PasswordHasher } from '../../lib/password-hasher.js';
import { assertStrongPassword, passwordWeakness } from '../../lib/password-policy.js';
import type { Revocation } from '../../lib/revocation.js';
import type { AuditContext, AuditService } from '../audit/audit.service.js';
import {
  countActiveAdmins,
  countOtherActiveAdmins,
  findCredentialsByEmail,
  findCredentialsById,
  findStaffById,
  findStaffForUpdate,
  insertStaff,
  isStaffId,
  listActiveAdminAddresses,
  listStaff,
  lockAdminSet,
  recordLogin,
  setPasswordHash,
  updateRoleAndDisabled,
  type StaffAccount,
  type StaffCredentials,
  type StaffPatch,
} from './staff.repository.js';

export type { StaffAccount, StaffCredentials } from './staff.repository.js';

export interface StaffServiceDeps {
  pool: pg.Pool;
  audit: AuditService;
  hasher: PasswordHasher;
  revocation: Revocation;
}

export const CREATE_STAFF_HINT =
  'Set ADMIN_PASSWORD (and ADMIN_EMAIL) and restart, or create one with ' +
  '`STAFF_PASSWORD=... npm run staff:create -w @mmdm/auth -- --email you@example.com --role admin`.';

/** A staff account as the API shows it: never the hash. */
export function publicAccount(account: StaffAccount) {
  return {
    id: account.id,
    email: account.email,
    role: account.role,
    disabled: account.disabled,
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
    lastLoginAt: account.lastLoginAt?.toISOString() ?? null,
  };
}

/**
 * Stores a new account (its password already judged strong enough) and audits it; undefined when the address is
 * taken. The admin panel and the command line both add accounts this way.
 */
export async function addStaffAccount(
  { pool, audit, hasher }: Pick<StaffServiceDeps, 'pool' | 'audit' | 'hasher'>,
  input: CreateStaffBody,
  context: AuditContext,
): Promise<StaffAccount | undefined> {
  const account = await insertStaff(pool, {
    email: input.email,
    emailNormalized: emailKey(input.email),
    passwordHash: await hasher.hash(input.password),
    role: input.role,
  });
  if (account) {
    await audit.record({
      ...context,
      action: 'staff.created',
      target: account.id,
      details: { email: account.email, role: account.role },
    });
  }
  return account;
}

/**
 * Creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD when no enabled admin exists. An existing account is
 * never overwritten: changing ADMIN_PASSWORD later does not change anyone's password.
 */
export async function bootstrapAdmin(deps: {
  pool: pg.Pool;
  audit: AuditService;
  hasher: PasswordHasher;
  logger: Logger;
  admin: { email: string; password: string } | undefined;
}): Promise<'created' | 'admin_exists' | 'email_taken' | 'no_password' | 'weak_password'> {
  const { pool, audit, hasher, logger, admin } = deps;
  if (!admin) {
    if ((await countActiveAdmins(pool)) === 0) logger.warn(`No admin account exists yet. ${CREATE_STAFF_HINT}`);
    return 'no_password';
  }
  // Checked only when it would be used: once an admin exists, ADMIN_PASSWORD sets nobody's password.
  if ((await countActiveAdmins(pool)) === 0) {
    const weakness = await passwordWeakness(admin.password, admin.email);
    if (weakness) {
      logger.error(`ADMIN_PASSWORD ${weakness} No admin account was created. ${CREATE_STAFF_HINT}`);
      return 'weak_password';
    }
  }
  const outcome = await insertFirstAdmin(pool, {
    email: admin.email,
    emailNormalized: emailKey(admin.email),
    hashPassword: () => hasher.hash(admin.password),
  });
  if (outcome.kind === 'created') {
    await audit.record({
      actorEmail: 'system',
      action: 'staff.bootstrapped',
      target: outcome.account.id,
      details: { email: outcome.account.email },
    });
    logger.info({ email: outcome.account.email }, 'bootstrap admin created');
  } else if (outcome.kind === 'email_taken') {
    logger.warn(
      { email: admin.email },
      `No enabled admin exists and ADMIN_EMAIL belongs to an existing account, which is left unchanged. ${CREATE_STAFF_HINT}`,
    );
  }
  return outcome.kind;
}

/**
 * Creates the first admin unless an enabled admin exists. Safe with several replicas starting at once: the admin-set
 * lock orders them and the unique index refuses a duplicate address; an existing account is never overwritten.
 */
async function insertFirstAdmin(
  pool: pg.Pool,
  input: { email: string; emailNormalized: string; hashPassword: () => Promise<string> },
): Promise<{ kind: 'created'; account: StaffAccount } | { kind: 'admin_exists' } | { kind: 'email_taken' }> {
  return inTransaction(pool, async (client) => {
    await lockAdminSet(client);
    if ((await countActiveAdmins(client)) > 0) return { kind: 'admin_exists' };
    const account = await insertStaff(client, {
      email: input.email,
      emailNormalized: input.emailNormalized,
      passwordHash: await input.hashPassword(),
      role: 'admin',
    });
    return account ? { kind: 'created', account } : { kind: 'email_taken' };
  });
}

type PatchOutcome =
  { kind: 'updated'; before: StaffAccount; after: StaffAccount } | { kind: 'not_found' } | { kind: 'last_admin' };

/**
 * Changes role and/or disabled, refusing any change that would leave no enabled admin (under the admin-set lock, so
 * two admins demoting each other at once cannot both succeed).
 */
async function patchStaff(
  pool: pg.Pool,
  id: string,
  patch: StaffPatch,
  /** Runs once the change is known to be allowed, before it is stored; if it throws, nothing changes. */
  beforeStore: (
    before: StaffAccount,
    after: { role: StaffRole; disabled: boolean },
    client: pg.PoolClient,
  ) => Promise<void>,
): Promise<PatchOutcome> {
  if (!isStaffId(id)) return { kind: 'not_found' };
  return inTransaction(pool, async (client) => {
    await lockAdminSet(client);
    const before = await findStaffForUpdate(client, id);
    if (!before) return { kind: 'not_found' };
    const role = patch.role ?? before.role;
    const disabled = patch.disabled ?? before.disabled;
    const wasActiveAdmin = before.role === 'admin' && !before.disabled;
    const staysActiveAdmin = role === 'admin' && !disabled;
    if (wasActiveAdmin && !staysActiveAdmin && (await countOtherActiveAdmins(client, id)) === 0) {
      return { kind: 'last_admin' };
    }
    await beforeStore(before, { role, disabled }, client);
    const after = await updateRoleAndDisabled(client, id, { role, disabled });
    return { kind: 'updated', before, after };
  });
}

/** Redis down while a change must end the account's sessions: nothing is changed, and the admin is told so. */
function staffChangesUnavailable(error: unknown): never {
  if (!(error instanceof UnavailableError)) throw error;
  throw new UnavailableError('Staff changes are unavailable right now. Please try again in a minute.', {
    retryAfterSeconds: error.retryAfterSeconds,
    cause: error,
  });
}

const notFound = () => new AppError(404, 'staff_not_found', 'No staff account with this id.');

/** Staff accounts: the one owner of auth.staff. Sign-in reads and stamps accounts through it too. */
export function createStaffService({ pool, audit, hasher, revocation }: StaffServiceDeps) {
  return {
    /** The enabled admins' addresses, for the waitlist service's admin alerts (its internal endpoint). */
    adminAddresses: () => listActiveAdminAddresses(pool),

    list: () => listStaff(pool),
    findById: (id: string) => findStaffById(pool, id),
    findCredentialsByEmail: (emailNormalized: string) => findCredentialsByEmail(pool, emailNormalized),
    findCredentialsById: (id: string) => findCredentialsById(pool, id),
    /** See the repository's recordLogin: false when the account changed since it was read. */
    recordLogin: (read: StaffCredentials, rehashed?: string) => recordLogin(pool, read, rehashed),
    setPasswordHash: (id: string, passwordHash: string) => setPasswordHash(pool, id, passwordHash),
    /** A new password, and every session of the account but the kept one ended, in one transaction. */
    setPasswordEndingSessions: (id: string, passwordHash: string, keepJti: string) =>
      inTransaction(pool, async (client) => {
        await setPasswordHash(client, id, passwordHash);
        await revocation.endSessions(id, keepJti, client);
      }),

    async create(input: CreateStaffBody, context: AuditContext): Promise<StaffAccount> {
      await assertStrongPassword(input.password, input.email, 'password');
      const account = await addStaffAccount({ pool, audit, hasher }, input, context);
      if (!account) throw new AppError(409, 'email_taken', 'A staff account with this e-mail address already exists.');
      return account;
    },

    async update(id: string, patch: PatchStaffBody, context: AuditContext): Promise<StaffAccount> {
      // Tokens carry the role, so any role change or a disabling ends the account's sessions (they sign in again).
      // Ended in the change's transaction, and cached before it commits: if Redis is down nothing changes, rather
      // than a demoted admin's tokens living on in the services that verify them locally.
      const outcome = await patchStaff(pool, id, patch, async (before, after, client) => {
        const sessionsEnd = after.role !== before.role || (after.disabled && !before.disabled);
        if (sessionsEnd) await revocation.endSessions(id, undefined, client).catch(staffChangesUnavailable);
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

export type StaffService = ReturnType<typeof createStaffService>;
