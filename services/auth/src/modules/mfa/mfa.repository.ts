import type pg from 'pg';
import type { Queryable } from '@mmdm/shared/db';

/**
 * The owner of staff_totp, staff_passkeys, staff_recovery_codes and staff_mfa_policy. Each function runs its
 * statements on the pool or client it is given; the services open the transactions (a `pg.PoolClient` parameter says
 * the function means to run inside one).
 */

type Db = Queryable;

export interface StoredPasskey {
  id: string;
  staffId: string;
  credentialId: string;
  publicKey: Uint8Array;
  signCount: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

interface PasskeyRow {
  id: string;
  staff_id: string;
  credential_id: string;
  public_key: Buffer;
  sign_count: string;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const toPasskey = (row: PasskeyRow): StoredPasskey => ({
  id: row.id,
  staffId: row.staff_id,
  credentialId: row.credential_id,
  publicKey: new Uint8Array(row.public_key),
  signCount: Number(row.sign_count),
  transports: row.transports,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

export interface FactorSummary {
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

/** Which factors an account has (counts only: no secret leaves this query). */
export async function factorSummary(db: Db, staffId: string): Promise<FactorSummary> {
  const { rows } = await db.query<{ totp: boolean; passkeys: number; codes: number }>(
    `select exists (select 1 from auth.staff_totp where staff_id = $1) as totp,
            (select count(*)::int from auth.staff_passkeys where staff_id = $1) as passkeys,
            (select count(*)::int from auth.staff_recovery_codes where staff_id = $1 and used_at is null) as codes`,
    [staffId],
  );
  const row = rows[0];
  return { totp: row?.totp ?? false, passkeys: row?.passkeys ?? 0, recoveryCodesLeft: row?.codes ?? 0 };
}

/** Accounts with any factor: an authenticator app or how many passkeys (accounts without one are absent). */
export async function factorsByAccount(db: Db): Promise<Map<string, { totp: boolean; passkeys: number }>> {
  const { rows } = await db.query<{ staff_id: string; totp: boolean; passkeys: number }>(
    `select staff_id, bool_or(kind = 'totp') as totp, count(*) filter (where kind = 'passkey')::int as passkeys
     from (select staff_id, 'totp' as kind from auth.staff_totp
           union all select staff_id, 'passkey' from auth.staff_passkeys) as factors
     group by staff_id`,
  );
  return new Map(rows.map((row) => [row.staff_id, { totp: row.totp, passkeys: row.passkeys }]));
}

export async function findTotp(db: Db, staffId: string): Promise<{ secretSealed: string } | undefined> {
  const { rows } = await db.query<{ secret_sealed: string }>(
    `select secret_sealed from auth.staff_totp where staff_id = $1`,
    [staffId],
  );
  return rows[0] ? { secretSealed: rows[0].secret_sealed } : undefined;
}

/** Stores the confirmed secret with the step its first code used, so that code cannot sign in. False if one exists. */
export async function insertTotp(db: Db, staffId: string, secretSealed: string, usedStep: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `insert into auth.staff_totp (staff_id, secret_sealed, last_used_step) values ($1, $2, $3) on conflict do nothing`,
    [staffId, secretSealed, usedStep],
  );
  return rowCount === 1;
}

/** Accepts the step only if it is later than every step accepted before (one conditional update: race-safe). */
export async function consumeTotpStep(db: Db, staffId: string, step: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `update auth.staff_totp set last_used_step = $2 where staff_id = $1 and last_used_step < $2`,
    [staffId, step],
  );
  return rowCount === 1;
}

export async function deleteTotp(db: Db, staffId: string): Promise<boolean> {
  const { rowCount } = await db.query(`delete from auth.staff_totp where staff_id = $1`, [staffId]);
  return rowCount === 1;
}

export async function listPasskeys(db: Db, staffId: string): Promise<StoredPasskey[]> {
  const { rows } = await db.query<PasskeyRow>(
    `select * from auth.staff_passkeys where staff_id = $1 order by created_at`,
    [staffId],
  );
  return rows.map(toPasskey);
}

export async function findPasskeyByCredentialId(db: Db, credentialId: string): Promise<StoredPasskey | undefined> {
  const { rows } = await db.query<PasskeyRow>(`select * from auth.staff_passkeys where credential_id = $1`, [
    credentialId,
  ]);
  return rows[0] ? toPasskey(rows[0]) : undefined;
}

export async function insertPasskey(
  db: Db,
  passkey: {
    staffId: string;
    credentialId: string;
    publicKey: Uint8Array;
    signCount: number;
    transports: string[];
    name: string;
  },
): Promise<StoredPasskey | undefined> {
  const { rows } = await db.query<PasskeyRow>(
    `insert into auth.staff_passkeys (staff_id, credential_id, public_key, sign_count, transports, name)
     values ($1, $2, $3, $4, $5, $6) on conflict (credential_id) do nothing returning *`,
    [
      passkey.staffId,
      passkey.credentialId,
      Buffer.from(passkey.publicKey),
      passkey.signCount,
      passkey.transports,
      passkey.name,
    ],
  );
  return rows[0] ? toPasskey(rows[0]) : undefined;
}

/**
 * Records a use. The signature counter must move forward when the authenticator keeps one (WebAuthn §6.1.1: a
 * counter that does not is a sign of a cloned key); the condition makes two parallel uses of one assertion fail.
 */
export async function recordPasskeyUse(db: Db, id: string, previousCount: number, newCount: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `update auth.staff_passkeys set sign_count = $3, last_used_at = now() where id = $1 and sign_count = $2`,
    [id, previousCount, newCount],
  );
  return rowCount === 1;
}

export async function deletePasskey(db: Db, staffId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`delete from auth.staff_passkeys where staff_id = $1 and id = $2`, [staffId, id]);
  return rowCount === 1;
}

/** Replaces every recovery code of the account with these hashes (used or not: the old set is void). */
export async function replaceRecoveryCodes(client: pg.PoolClient, staffId: string, hashes: string[]): Promise<void> {
  await client.query(`delete from auth.staff_recovery_codes where staff_id = $1`, [staffId]);
  await client.query(`insert into auth.staff_recovery_codes (staff_id, code_hash) select $1, unnest($2::text[])`, [
    staffId,
    hashes,
  ]);
}

/** Spends the code: true once, false for a wrong or already used code (one conditional update: race-safe). */
export async function spendRecoveryCode(db: Db, staffId: string, hash: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `update auth.staff_recovery_codes set used_at = now() where staff_id = $1 and code_hash = $2 and used_at is null`,
    [staffId, hash],
  );
  return rowCount === 1;
}

/** Removes every factor of the account (an admin's reset). Answers what there was. */
export async function deleteAllFactors(client: pg.PoolClient, staffId: string): Promise<FactorSummary> {
  const before = await factorSummary(client, staffId);
  await client.query(`delete from auth.staff_totp where staff_id = $1`, [staffId]);
  await client.query(`delete from auth.staff_passkeys where staff_id = $1`, [staffId]);
  await client.query(`delete from auth.staff_recovery_codes where staff_id = $1`, [staffId]);
  return before;
}

export async function readPolicy(db: Db): Promise<{ required: boolean }> {
  const { rows } = await db.query<{ required: boolean }>(`select required from auth.staff_mfa_policy where id`);
  return { required: rows[0]?.required ?? false };
}

export async function writePolicy(db: Db, required: boolean, updatedBy: string | undefined): Promise<void> {
  await db.query(
    `insert into auth.staff_mfa_policy (id, required, updated_by) values (true, $1, $2)
     on conflict (id) do update set required = excluded.required, updated_by = excluded.updated_by, updated_at = now()`,
    [required, updatedBy ?? null],
  );
}
