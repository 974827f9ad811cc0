/**
 * Replays the dead-letter mail: outbox rows the worker gave up on (attempts spent, or the server refused for good) that
 * were never sent and are still meant for their person. Each is made owed again and its failed job leaves the queue,
 * so the running worker sends it at its next round, once (a suppressed address stays unmailed: lift it first).
 *   npm run mail:replay                 list them
 *   npm run mail:replay -- --send [--kind invitation] [--limit 1000]
 */
import { parseArgs } from 'node:util';
import { runCommand } from '@mmdm/shared/command';
import { configOrExit } from '@mmdm/shared/config';
import { createPool, inTransaction } from '@mmdm/shared/db';
import { createLogger } from '@mmdm/shared/logger';
import { createRedis } from '@mmdm/shared/redis';
import { loadWorkerConfig } from '../config.js';
import { createAuditService } from '../modules/audit/audit.service.js';
import { createMailJobEraser } from '../modules/mail/mail-jobs.js';
import { givenUpRows, reopenGivenUp, type MailKind } from '../modules/mail/outbox.repository.js';

/** Who replayed it, in the audit log: an operator at the command line. */
const OPERATOR = { actorSub: 'cli', actorRole: 'operator', ip: null, requestId: null } as const;

const KINDS: readonly MailKind[] = ['confirmation', 'welcome', 'invitation', 'data_access', 'place_link'];
const USAGE = `usage: mail:replay [--send] [--kind ${KINDS.join('|')}] [--limit N]`;

async function main(): Promise<number> {
  const config = configOrExit(loadWorkerConfig, 'mail:replay');
  let options: { send: boolean; kind: MailKind | undefined; limit: number };
  try {
    const { values } = parseArgs({
      options: { send: { type: 'boolean' }, kind: { type: 'string' }, limit: { type: 'string' } },
    });
    const limit = Number(values.limit ?? 1000);
    if (values.kind !== undefined && !KINDS.includes(values.kind as MailKind)) throw new Error('unknown --kind');
    if (!Number.isInteger(limit) || limit < 1) throw new Error('--limit must be a positive whole number');
    options = { send: values.send ?? false, kind: values.kind as MailKind | undefined, limit };
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 64;
  }
  const pool = createPool({
    connectionString: config.database.url,
    applicationName: 'mmdm-mail-cli',
    max: 2,
    poolMode: config.database.poolMode,
  });
  const redis = createRedis(config.redis, 'worker');
  try {
    const rows = await givenUpRows(pool, options.kind, options.limit);
    if (!rows.length) {
      console.log('No dead-letter mail: every mail was sent, or is still being tried.');
      return 0;
    }
    for (const row of rows) console.log(`outbox ${row.id}  ${row.kind}  ${row.lastError ?? ''}`);
    if (!options.send) {
      console.log(`${rows.length} mails given up. Run again with --send to queue them again.`);
      return 0;
    }
    const ids = rows.map((row) => row.id);
    // The failed jobs go first: a job id still in the queue's failed set would make the relay's add a no-op.
    await createMailJobEraser(redis, config.redis.prefix, createLogger({ name: 'mail-cli', level: 'warn' }))(ids);
    const audit = createAuditService({ pool });
    // The replay and its audit row commit together.
    const reopened = await inTransaction(pool, async (client) => {
      const rows = await reopenGivenUp(client, ids);
      await audit.change(client, OPERATOR, 'mail.replay', null, { count: rows.length, kind: options.kind ?? null });
      return rows;
    });
    console.log(`${reopened.length} mails queued again; the running worker sends each once.`);
    return 0;
  } finally {
    redis.disconnect();
    await pool.end();
  }
}

await runCommand('mail:replay', main);
