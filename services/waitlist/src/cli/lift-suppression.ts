/**
 * Takes an address off the suppression list (a bounce that was the provider's mistake, a person who asks by mail to be
 * mailed again), with its temporary refusals forgotten. The address is typed at the prompt or piped in, never given on
 * the command line (which other users of the machine can read).
 *   npm run mail:unsuppress
 */
import { createInterface } from 'node:readline/promises';
import { runCommand } from '@mmdm/shared/command';
import { configOrExit } from '@mmdm/shared/config';
import { createPool, inTransaction } from '@mmdm/shared/db';
import { loadWorkerConfig } from '../config.js';
import { resolveServiceKeys } from '../lib/service-keys.js';
import { liftSuppression, suppressionHash } from '../lib/suppression.repository.js';
import { createAuditService } from '../modules/audit/audit.service.js';

/** Who lifted it, in the audit log: an operator at the command line. */
const OPERATOR = { actorSub: 'cli', actorRole: 'operator', ip: null, requestId: null } as const;

async function readAddress(): Promise<string> {
  const lines = createInterface({ input: process.stdin, output: process.stderr, terminal: process.stdin.isTTY });
  try {
    return (await lines.question('Address to mail again: ')).trim();
  } finally {
    lines.close();
  }
}

async function main(): Promise<number> {
  const config = configOrExit(loadWorkerConfig, 'mail:unsuppress');
  const address = await readAddress();
  if (!/^[^\s@]+@[^\s@]+$/.test(address)) {
    console.error('That is not an e-mail address; nothing was changed.');
    return 64;
  }
  const pool = createPool({
    connectionString: config.database.url,
    applicationName: 'mmdm-mail-cli',
    max: 1,
    poolMode: config.database.poolMode,
  });
  try {
    const { suppression } = await resolveServiceKeys(pool, config.keys);
    const hash = suppressionHash(suppression, address);
    const audit = createAuditService({ pool });
    // The lift and its audit row commit together.
    const reason = await inTransaction(pool, async (client) => {
      const lifted = await liftSuppression(client, hash);
      if (lifted) {
        // The list never holds addresses: the audit names the hash's first bytes, enough to match it, not to read it.
        await audit.change(client, OPERATOR, 'suppression.lift', hash.subarray(0, 8).toString('hex'), {
          reason: lifted,
        });
      }
      return lifted;
    });
    if (!reason) {
      console.log('That address is not on the suppression list (with this SUPPRESSION_KEY); nothing was changed.');
      return 0;
    }
    console.log(`Lifted (it was on the list for: ${reason}). Mail to it is sent again; mail given up earlier is not:`);
    console.log('replay it with npm run mail:replay -- --send.');
    return 0;
  } finally {
    await pool.end();
  }
}

await runCommand('mail:unsuppress', main);
