/**
 * Creates a staff account from the command line:
 *   STAFF_PASSWORD=... npm run staff:create -w @mmdm/auth -- --email ana@example.com --role admin
 * The password comes from STAFF_PASSWORD, from stdin when piped, or from a hidden prompt; never from argv, which
 * would leave it in shell history and in `ps`.
 */
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { runCommand } from '@mmdm/shared/command';
import { configOrExit } from '@mmdm/shared/config';
import { z } from 'zod';
import { loadAuthConfig } from '../config.js';
import { newPassword, staffEmail, staffRole } from '@mmdm/contracts/auth';
import { createPasswordHasher } from '../lib/password-hasher.js';
import { passwordWeakness } from '../lib/password-policy.js';
import { createAuditService } from '../modules/audit/audit.service.js';
import { addStaffAccount } from '../modules/staff/staff.service.js';
import { withAuthDatabase } from './auth-database.js';

const USAGE = 'usage: STAFF_PASSWORD=... npm run staff:create -w @mmdm/auth -- --email <address> [--role admin|viewer]';

async function readPassword(): Promise<string> {
  const fromEnv = process.env.STAFF_PASSWORD;
  if (fromEnv) return fromEnv;
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString('utf8')
      .replace(/\r?\n$/, '');
  }
  // A prompt whose echo is swallowed, so the password is not shown on screen.
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      muted = false;
      process.stdout.write(question);
      muted = true;
      rl.question('', (answer) => {
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  try {
    const first = await ask('Password: ');
    const second = await ask('Repeat password: ');
    if (first !== second) throw new Error('the two passwords differ');
    return first;
  } finally {
    rl.close();
  }
}

async function main(): Promise<number> {
  const config = configOrExit(loadAuthConfig, 'staff:create');
  const { values } = parseArgs({ options: { email: { type: 'string' }, role: { type: 'string', default: 'viewer' } } });
  const args = z.object({ email: staffEmail, role: staffRole }).safeParse(values);
  if (!args.success) {
    console.error(
      `${args.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n')}\n${USAGE}`,
    );
    return 64; // EX_USAGE
  }
  const password = newPassword.safeParse(await readPassword());
  if (!password.success) {
    console.error(`password ${password.error.issues[0]?.message ?? 'is not acceptable'}`);
    return 64;
  }
  const weakness = await passwordWeakness(password.data, args.data.email);
  if (weakness) {
    console.error(`password ${weakness}`);
    return 64;
  }

  return withAuthDatabase(config, async (pool) => {
    const hasher = await createPasswordHasher();
    const account = await addStaffAccount(
      { pool, audit: createAuditService(pool), hasher },
      { email: args.data.email, password: password.data, role: args.data.role },
      { actorEmail: 'command line' },
    );
    if (!account) {
      console.error(`A staff account with the address ${args.data.email} already exists; nothing changed.`);
      return 1;
    }
    console.log(`Created ${account.role} ${account.email} (${account.id}).`);
    return 0;
  });
}

await runCommand('staff:create', main);
