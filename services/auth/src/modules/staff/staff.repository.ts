import type pg from 'pg';
import type { Queryable } from '@mmdm/shared/db';
import type { StaffRole } from '@mmdm/shared/tokens';

export interface StaffAccount {
  id: string;
  email: string;
  role: StaffRole;
  disabled: boolean;
  createdAt: Date;
  updatedAt: Date;
  lastLoginAt: Date | null;
}

export interface StaffCredentials extends StaffAccount {
  passwordHash: string;
}

interface StaffRow {
  id: string;
  email: string;
  role: StaffRole;
  disabled: boolean;
  created_at: Date;
  updated_at: Date;
  last_login_at: Date | null;
  password_hash?: string;
}

const COLUMNS = 'id, email, role, disabled, created_at, updated_at, last_login_at';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** See lockAdminSet. */
const ADMIN_SET_LOCK = 'mmdm:auth:admin-set';

function toAccount(row: StaffRow): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    disabled: row.disabled,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastLoginAt: row.last_login_at,
  };
}

export function isStaffId(value: string): boolean {
  return UUID.test(value);
}

export type StaffPatch = { role?: StaffRole; disabled?: boolean };

export async function findCredentialsByEmail(
  db: Queryable,
  emailNormalized: string,
): Promise<StaffCredentials | undefined> {
  const { rows } = await db.query<StaffRow>(
    `select ${COLUMNS}, password_hash from auth.staff where email_normalized = $1`,
    [emailNormalized],
  );
  const row = rows[0];
  return row ? { ...toAccount(row), passwordHash: row.password_hash ?? '' } : undefined;
}

export async function findCredentialsById(db: Queryable, id: string): Promise<StaffCredentials | undefined> {
  if (!isStaffId(id)) return undefined;
  const { rows } = await db.query<StaffRow>(`select ${COLUMNS}, password_hash from auth.staff where id = $1`, [id]);
  const row = rows[0];
  return row ? { ...toAccount(row), passwordHash: row.password_hash ?? '' } : undefined;
}

export async function findStaffById(db: Queryable, id: string): Promise<StaffAccount | undefined> {
  if (!isStaffId(id)) return undefined;
  const { rows } = await db.query<StaffRow>(`select ${COLUMNS} from auth.staff where id = $1`, [id]);
  return rows[0] ? toAccount(rows[0]) : undefined;
}

export async function listStaff(db: Queryable): Promise<StaffAccount[]> {
  const { rows } = await db.query<StaffRow>(`select ${COLUMNS} from auth.staff order by created_at, id`);
  return rows.map(toAccount);
}

/** Undefined when the address is taken (case-insensitively). */
export async function insertStaff(
  db: Queryable,
  input: { email: string; emailNormalized: string; passwordHash: string; role: StaffRole },
): Promise<StaffAccount | undefined> {
  const { rows } = await db.query<StaffRow>(
    `insert into auth.staff (email, email_normalized, password_hash, role) values ($1, $2, $3, $4)
     on conflict (email_normalized) do nothing returning ${COLUMNS}`,
    [input.email, input.emailNormalized, input.passwordHash, input.role],
  );
  return rows[0] ? toAccount(rows[0]) : undefined;
}

/**
 * Records a sign-in of the account as it was read (same password hash, role, enabled); false when it changed since.
 * The update waits for a role change in progress (its row lock) and then sees its result, so a sign-in racing a
 * password or role change never gets a token of the new session generation for the old state.
 */
export async function recordLogin(db: Queryable, read: StaffCredentials, rehashed?: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `update auth.staff set last_login_at = now(), password_hash = coalesce($2, password_hash)
     where id = $1 and password_hash = $3 and role = $4 and not disabled`,
    [read.id, rehashed ?? null, read.passwordHash, read.role],
  );
  return rowCount === 1;
}

export async function setPasswordHash(db: Queryable, id: string, passwordHash: string): Promise<void> {
  await db.query(`update auth.staff set password_hash = $2, updated_at = now() where id = $1`, [id, passwordHash]);
}

/**
 * Takes the lock that serialises every change which could leave the system without an active admin (bootstrap,
 * demote, disable) until the transaction ends: two admins demoting each other at the same moment are then safe, the
 * second seeing the first's result, and so are several replicas bootstrapping at once.
 */
export async function lockAdminSet(client: pg.PoolClient): Promise<void> {
  await client.query('select pg_advisory_xact_lock(hashtext($1))', [ADMIN_SET_LOCK]);
}

/** The account, its row locked until the transaction ends. */
export async function findStaffForUpdate(client: pg.PoolClient, id: string): Promise<StaffAccount | undefined> {
  if (!isStaffId(id)) return undefined;
  const { rows } = await client.query<StaffRow>(`select ${COLUMNS} from auth.staff where id = $1 for update`, [id]);
  return rows[0] ? toAccount(rows[0]) : undefined;
}

/** Enabled admins other than this account. */
export async function countOtherActiveAdmins(db: Queryable, id: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from auth.staff where role = 'admin' and not disabled and id <> $1`,
    [id],
  );
  return rows[0]?.n ?? 0;
}

export async function updateRoleAndDisabled(
  db: Queryable,
  id: string,
  change: { role: StaffRole; disabled: boolean },
): Promise<StaffAccount> {
  const { rows } = await db.query<StaffRow>(
    `update auth.staff set role = $2, disabled = $3, updated_at = now() where id = $1 returning ${COLUMNS}`,
    [id, change.role, change.disabled],
  );
  return toAccount(rows[0] as StaffRow);
}

export async function countActiveAdmins(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from auth.staff where role = 'admin' and not disabled`,
  );
  return rows[0]?.n ?? 0;
}

/** The addresses of the enabled admins: whom the waitlist's admin alerts go to. */
export async function listActiveAdminAddresses(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    `select email from auth.staff where role = 'admin' and not disabled order by id`,
  );
  return rows.map((row) => row.email);
}
