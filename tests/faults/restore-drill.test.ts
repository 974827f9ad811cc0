import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../services/auth/src/testing/auth-harness.js';
import {
  confirmTokenIn,
  createTestContext,
  uniqueEmail,
  type TestContext,
} from '../../services/waitlist/src/testing/waitlist-harness.js';
import { SmtpSink, type ReceivedMail } from '../support/index.js';
import { request } from '../support/http.js';
import { totpCodeAt, TOTP_STEP_MS } from '../support/totp.js';
import { SecretWatch } from './support/secrets.js';
import { startSystem, type System } from './support/system.js';
import { sleep, within } from './support/timing.js';
import { confirmedPeople, invite } from './support/waves.js';

/**
 * The restore drill (docs/operations.md, "Restore"): a running system with people in every state, staff with a second
 * factor, waves and mail in flight; a backup through the command an operator runs; the database dropped; the restore
 * through its command; the system started again. Then the same rows, places and pages, staff sign in with their
 * factors, and each mail owed at the backup is sent exactly once while none sent before it is sent again.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const MFA_KEY = randomBytes(32).toString('base64');
const dir = mkdtempSync(join(tmpdir(), 'mmdm-drill-'));

let context: TestContext;
let sink: SmtpSink;
let system: System;
const secrets = new SecretWatch();
const logs: string[] = [];

const start = () => startSystem({ context, sink, authEnv: { MFA_ENCRYPTION_KEY: MFA_KEY } });

beforeAll(async () => {
  context = await createTestContext();
  sink = await new SmtpSink().start();
  system = await start();
});

afterAll(async () => {
  if (system) {
    logs.push(system.logs());
    expect(secrets.leakedIn(logs.join('\n'), sink.messages)).toEqual([]);
  }
  await system?.close();
  await sink?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The operator's commands, as `npm run db:backup` / `db:restore` run them (from the sources here). */
function command(script: 'backup' | 'restore', args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `services/backup/src/cli/${script}.ts`, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', DATABASE_URL: context.databaseUrl, TSX_TSCONFIG_PATH: 'tsconfig.tests.json' },
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

function mailKind(mail: ReceivedMail): 'invitation' | 'welcome' | 'confirmation' | 'other' {
  const text = mail.parsed.text ?? '';
  if (text.includes('/invitation?token=')) return 'invitation';
  if (/^You are number/.test(mail.parsed.subject ?? '')) return 'welcome';
  if (text.includes('/confirm?token=')) return 'confirmation';
  return 'other';
}

/** Mails per recipient and kind: `person@example.com confirmation` → 1. */
function mailCounts(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of sink.messages)
    for (const to of mail.envelope.to) {
      const key = `${to.toLowerCase()} ${mailKind(mail)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  return counts;
}

function linkIn(mail: ReceivedMail | undefined, path: string): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]{43})`).exec(mail?.parsed.text ?? '');
  if (!match?.[1]) throw new Error(`no ${path} link in the mail`);
  return match[1];
}

/**
 * What people and staff would notice, as one digest per table: the rows of people (status, place, credits, codes,
 * invitation and admission), credits, waves, links, staff, factors and keys. Volatile bookkeeping of mail in flight
 * (attempt counters, the links each refused attempt mints and drops) is left out: the worker keeps retrying while the
 * mail server refuses.
 */
async function visibleState(tokensBefore: Date): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: context.databaseUrl });
  await client.connect();
  try {
    const digest = async (sql: string) =>
      (
        await client.query<{ d: string }>(
          `select count(*) || ':' || md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as d from (${sql}) r`,
        )
      ).rows[0]?.d ?? '';
    return {
      entries: await digest(
        `select id, email, status, queue_seq, place_key, credits, referral_code, referrer_id, invited_at, admitted_at,
                wave_id, confirmed_at from waitlist.entries`,
      ),
      credits: await digest('select referrer_id, referred_id, state from waitlist.referral_credits'),
      waves: await digest('select id, requested, invited from waitlist.invitation_waves'),
      // Links of mails that left; a refused attempt mints its links and drops them again.
      tokens: await digest(
        `select token_hash, entry_id, purpose, used_at from waitlist.tokens
          where created_at < '${tokensBefore.toISOString()}'::timestamptz`,
      ),
      outbox: await digest('select id, entry_id, kind, sent_at is not null as sent from waitlist.outbox'),
      staff: await digest('select id, email, role, disabled from auth.staff'),
      factors: await digest('select * from auth.staff_totp'),
      keys: await digest('select kid from auth.signing_keys'),
    };
  } finally {
    await client.end();
  }
}

async function dropAndCreateDatabase(): Promise<void> {
  const url = new URL(context.databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`drop database ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

describe('the restore drill', () => {
  it('backup, database dropped, restore: the same rows, places and pages; staff sign in with their factor; owed mail sent once, sent mail never again', async () => {
    const gateway = () => system.gateway.url;
    // People in line, each confirmed (a place) and welcomed.
    const line = await confirmedPeople(system, 'drill', 10);
    await sink.waitFor(() => line.every((email) => mailCounts().get(`${email} welcome`) === 1), 30_000);

    // Credited: a friend signs up with the first person's code and confirms from the mail.
    const { rows: codes } = await context.pool.query<{ code: string }>(
      'select referral_code as code from waitlist.entries where email_normalized = $1',
      [line[0]],
    );
    const friend = uniqueEmail('drill-friend');
    const joined = await request(gateway(), '/waitlist', {
      method: 'POST',
      body: { email: friend, referralSource: codes[0]?.code },
    });
    expect(joined.status).toBe(200);
    await sink.waitFor(() => sink.to(friend).length === 1, 30_000);
    const friendConfirm = confirmTokenIn(sink.to(friend)[0]?.parsed.text ?? '');
    expect(
      (await request(gateway(), '/waitlist/confirm', { method: 'POST', body: { token: friendConfirm } })).status,
    ).toBe(200);

    // Staff: an admin with an authenticator app.
    const admin = await createStaff(system.auth, { role: 'admin' });
    secrets.add(admin.password);
    const credentials = { email: admin.email, password: admin.password };
    const password = await request(gateway(), '/api/admin/login', { method: 'POST', body: credentials });
    expect(password.status).toBe(200);
    const setup = await request(gateway(), '/api/admin/me/mfa/totp', { method: 'POST', token: password.body.token });
    expect(setup.status).toBe(200);
    const secret = setup.body.secret as string;
    secrets.add(password.body.token, secret);
    const enrolled = await request(gateway(), '/api/admin/me/mfa/totp/confirm', {
      method: 'POST',
      token: password.body.token,
      body: { code: totpCodeAt(secret) },
    });
    expect(enrolled.status).toBe(200);
    const enrolledAtStep = Math.floor(Date.now() / TOTP_STEP_MS);
    const session = enrolled.body.session.token as string;
    secrets.add(session);

    // A wave: four invited, one of whom accepts (admitted); one person erased by staff.
    expect((await invite(system, session, 4)).status).toBe(202);
    const invitedRows = async () =>
      (
        await context.pool.query<{ email: string }>(
          `select email_normalized as email from waitlist.entries where status in ('invited', 'admitted') order by invited_at, id`,
        )
      ).rows.map((row) => row.email);
    await within(15_000, async () => (await invitedRows()).length === 4, 'the wave invited');
    const invited = await invitedRows();
    await sink.waitFor(() => invited.every((email) => mailCounts().get(`${email} invitation`) === 1), 30_000);
    const [admitted, stillInvited] = invited;
    const admitToken = linkIn(
      sink.to(admitted!).find((mail) => mailKind(mail) === 'invitation'),
      '/invitation',
    );
    expect(
      (await request(gateway(), '/waitlist/invitation/accept', { method: 'POST', body: { token: admitToken } })).status,
    ).toBe(200);
    const erased = line.at(-1)!;
    const { rows: erasedRow } = await context.pool.query<{ id: string }>(
      'select id from waitlist.entries where email_normalized = $1',
      [erased],
    );
    const deleted = await request(gateway(), `/api/admin/waitlist/entries/${erasedRow[0]?.id}`, {
      method: 'DELETE',
      token: session,
    });
    expect(deleted.status).toBe(204);

    // Mail in flight: the mail server refuses; new sign-ups and a second wave are owed their mails.
    const { rows: clock } = await context.pool.query<{ now: Date }>('select clock_timestamp() as now');
    const refusedFrom = clock[0]!.now;
    // (Addresses of drill-after-* are let through: the sign-ups made after the backup, below.)
    sink.refuse((recipients) => !recipients.every((address) => address.startsWith('drill-after')));
    const owedSignups = Array.from({ length: 4 }, () => uniqueEmail('drill-owed'));
    for (const email of owedSignups)
      expect((await request(gateway(), '/waitlist', { method: 'POST', body: { email } })).status).toBe(200);
    expect((await invite(system, session, 2)).status).toBe(202);
    await within(15_000, async () => (await invitedRows()).length === 6, 'the second wave invited');
    const owedInvitations = (await invitedRows()).filter((email) => !invited.includes(email));
    // Handed to the queue and tried at least once: jobs in Redis, rows unsent.
    await within(
      20_000,
      async () =>
        (
          await context.pool.query<{ n: number }>(
            `select count(*)::int as n from waitlist.outbox where relayed_at is not null and sent_at is null and attempts > 0`,
          )
        ).rows[0]?.n ===
        owedSignups.length + owedInvitations.length,
      'the owed mails tried',
    );

    // What people see before: a place by its link, an invitation by its link.
    const placeToken = linkIn(
      sink.to(line[5]!).find((mail) => mailKind(mail) === 'welcome'),
      '/confirm',
    );
    const placeBefore = await request(gateway(), `/waitlist/status?token=${placeToken}`);
    expect(placeBefore.status).toBe(200);
    const inviteToken = linkIn(
      sink.to(stillInvited!).find((mail) => mailKind(mail) === 'invitation'),
      '/invitation',
    );
    const invitationBefore = await request(gateway(), `/waitlist/invitation?token=${inviteToken}`);
    expect(invitationBefore.status).toBe(200);
    const sentBefore = mailCounts();

    const before = await visibleState(refusedFrom);
    const file = join(dir, 'drill.backup.tar');
    const backedUp = Date.now();
    const backup = command('backup', ['--out', file]);
    expect(backup.out).toMatch(/^Backup written to/);
    expect(backup.status).toBe(0);
    const backupMs = Date.now() - backedUp;
    expect(await visibleState(refusedFrom)).toEqual(before);

    // A sign-up after the backup, mailed: lost with the database, while its job stays in Redis as completed.
    const lostSignup = uniqueEmail('drill-after-backup');
    expect((await request(gateway(), '/waitlist', { method: 'POST', body: { email: lostSignup } })).status).toBe(200);
    await sink.waitFor(() => sink.to(lostSignup).length === 1, 30_000);
    const outboxIdOf = async (email: string) =>
      (
        await context.pool.query<{ id: string }>(
          `select o.id from waitlist.outbox o join waitlist.entries e on e.id = o.entry_id where e.email_normalized = $1`,
          [email],
        )
      ).rows[0]?.id;
    const lostOutboxId = await outboxIdOf(lostSignup);

    // The disaster: services stopped, the database gone and made anew, empty.
    logs.push(system.logs());
    await system.stopServices();
    await dropAndCreateDatabase();
    const restoredAt = Date.now();
    const restore = command('restore', [file]);
    expect(restore.out).toMatch(/^Restored .*each table's count checked/);
    expect(restore.status).toBe(0);
    const restoreMs = Date.now() - restoredAt;
    system = await start();

    // The same rows, places and pages.
    expect(await visibleState(refusedFrom)).toEqual(before);
    const placeAfter = await request(gateway(), `/waitlist/status?token=${placeToken}`);
    expect(placeAfter.status).toBe(200);
    expect(placeAfter.body).toEqual(placeBefore.body);
    const invitationAfter = await request(gateway(), `/waitlist/invitation?token=${inviteToken}`);
    expect(invitationAfter.body).toEqual(invitationBefore.body);
    const { rows: gone } = await context.pool.query('select 1 from waitlist.entries where email_normalized = any($1)', [
      [erased, lostSignup],
    ]);
    expect(gone).toEqual([]);

    // A sign-up after the restore takes the outbox id the lost one had, whose job Redis still holds as completed: it is
    // mailed all the same (the worker emptied the queue of the lost database's epoch).
    const newSignup = uniqueEmail('drill-after-restore');
    expect((await request(gateway(), '/waitlist', { method: 'POST', body: { email: newSignup } })).status).toBe(200);
    expect(await outboxIdOf(newSignup)).toBe(lostOutboxId);
    await sink.waitFor(() => sink.to(newSignup).length === 1, 30_000);

    // Staff sign in with their password and their authenticator app (a code of a step not used before).
    if (Math.floor(Date.now() / TOTP_STEP_MS) === enrolledAtStep)
      await sleep(TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS) + 200);
    const step = await request(gateway(), '/api/admin/login', { method: 'POST', body: credentials });
    expect(step.body.step).toBe('second_factor');
    const signedIn = await request(gateway(), '/api/admin/login/second-factor', {
      method: 'POST',
      body: { mfaToken: step.body.mfaToken, method: 'totp', code: totpCodeAt(secret) },
    });
    expect(signedIn.status).toBe(200);
    secrets.add(step.body.mfaToken, signedIn.body.token);
    expect((await request(gateway(), '/api/admin/verify', { token: signedIn.body.token })).status).toBe(200);

    // The mail server accepts again: each mail owed at the backup goes once; none sent before it goes again.
    sink.refuse(false);
    const owed = [
      ...owedSignups.map((email) => `${email} confirmation`),
      ...owedInvitations.map((email) => `${email} invitation`),
    ];
    await sink.waitFor(() => owed.every((key) => (mailCounts().get(key) ?? 0) >= 1), 60_000);
    const deliveredMs = Date.now() - restoredAt;
    await sleep(2000); // a duplicate would come late
    const after = mailCounts();
    expect(owed.filter((key) => after.get(key) !== 1)).toEqual([]);
    const repeated = [...sentBefore].filter(([key, count]) => after.get(key) !== count).map(([key]) => key);
    expect(repeated).toEqual([]);

    // An invitation link of before still lets its person in.
    expect(
      (await request(gateway(), '/waitlist/invitation/accept', { method: 'POST', body: { token: inviteToken } }))
        .status,
    ).toBe(200);
    const { rows: unsent } = await context.pool.query<{ n: number }>(
      `select count(*)::int as n from waitlist.outbox o join waitlist.entries e on e.id = o.entry_id
        where o.sent_at is null and o.failed_at is null and (o.kind <> 'confirmation' or e.status = 'pending')`,
    );
    expect(unsent[0]?.n).toBe(0);
    console.info(
      `restore drill: backup ${(backupMs / 1000).toFixed(1)} s, restore ${(restoreMs / 1000).toFixed(1)} s; ` +
        `${owed.length} owed mails delivered once ${(deliveredMs / 1000).toFixed(1)} s after the restore began; ` +
        `${sentBefore.size} mails sent before the backup, 0 sent again`,
    );
  });
});
