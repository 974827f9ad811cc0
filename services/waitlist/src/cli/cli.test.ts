import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { suppress, suppressionHash } from '../lib/suppression.repository.js';
import { buildEntry, buildOutboxRow } from '../testing/waitlist-factories.js';
import { eventually, readSuppression, uniqueEmail, useWaitlistSystem } from '../testing/waitlist-harness.js';

const SUPPRESSION_KEY = 'cli-test-suppression-key';
const system = useWaitlistSystem({ env: { SUPPRESSION_KEY } });
const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** Runs a CLI the way an operator would (through tsx here, compiled JS in production). */
function run(script: string, args: string[], stdin = '') {
  return new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `services/waitlist/src/cli/${script}`, ...args], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        TSX_TSCONFIG_PATH: 'tsconfig.tests.json',
        DATABASE_URL: system.context.databaseUrl,
        REDIS_URL: system.context.redisUrl,
        REDIS_PREFIX: system.context.prefix,
        SUPPRESSION_KEY,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
    child.stdin.end(stdin);
  });
}

async function auditActions(): Promise<string[]> {
  const { rows } = await system.context.pool.query<{ action: string }>(
    `select action from waitlist.audit_log where actor_sub = 'cli' order by id`,
  );
  return rows.map((row) => row.action);
}

describe('the mail runbook commands', () => {
  it('mail:replay lists the dead letters, --send queues them again; mail:unsuppress lifts an address so its replay is sent once', async () => {
    const email = uniqueEmail('dead-letter');
    const entry = await buildEntry(system.context.pool, { email });
    // A confirmation the worker gave up on after the server refused the address for good (5xx: suppressed).
    const { id: outboxId } = await buildOutboxRow(system.context.pool, entry.id, {
      relayedAt: new Date(),
      failedAt: new Date(),
      attempts: 1,
      lastError: '550 no such user',
    });
    await suppress(system.context.pool, suppressionHash(SUPPRESSION_KEY, email), 'hard_bounce', 'smtp');

    const listed = await run('replay-mail.ts', []);
    expect(listed.code).toBe(0);
    expect(listed.out).toContain(`outbox ${outboxId}  confirmation  550 no such user`);
    expect(listed.out).toMatch(/1 mails given up\. Run again with --send/);

    const lifted = await run('lift-suppression.ts', [], `${email}\n`);
    expect(lifted.code).toBe(0);
    expect(lifted.out).toMatch(/Lifted \(it was on the list for: hard_bounce\)/);
    expect(await readSuppression(system.context.pool, SUPPRESSION_KEY, email)).toBeUndefined();
    expect((await run('lift-suppression.ts', [], `${email}\n`)).out).toMatch(/not on the suppression list/);

    const replayed = await run('replay-mail.ts', ['--send']);
    expect(replayed.code).toBe(0);
    expect(replayed.out).toMatch(/1 mails queued again/);
    await system.smtp.waitFor(() => system.smtp.to(email).length === 1, 15_000);
    await eventually(async () => {
      const { rows: sent } = await system.context.pool.query(
        'select 1 from waitlist.outbox where id = $1 and sent_at is not null',
        [outboxId],
      );
      return sent.length === 1;
    });
    expect((await run('replay-mail.ts', ['--send'])).out).toMatch(/No dead-letter mail/);
    expect(system.smtp.to(email)).toHaveLength(1);
    expect(await auditActions()).toEqual(['suppression.lift', 'mail.replay']);
  }, 90_000);

  it('mail:replay refuses an unknown kind, changing nothing', async () => {
    const result = await run('replay-mail.ts', ['--send', '--kind', 'postcard']);
    expect(result.code).toBe(64);
    expect(result.out).toMatch(/unknown --kind\nusage: mail:replay/);
  }, 30_000);
});
