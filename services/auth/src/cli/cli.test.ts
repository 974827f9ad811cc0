import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signIn, uniqueEmail, useAuthService } from '../testing/auth-harness.js';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

const auth = useAuthService({ ownDatabase: true });

/** Runs a CLI script the way an operator would (through tsx here, compiled JS in production). */
function run(script: string, args: string[], env: Record<string, string>, stdin?: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', here(script), ...args], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: auth.config.databaseUrl, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

// Each test spawns tsx, which compiles the CLI and loads the password dictionaries: seconds on a busy machine.
describe('npm run staff:create', { timeout: 60_000 }, () => {
  it('creates an account with the password from STAFF_PASSWORD, who can then sign in', async () => {
    const email = uniqueEmail('cli');
    const result = await run('./create-staff.ts', ['--email', email, '--role', 'admin'], {
      STAFF_PASSWORD: 'a password from env',
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Created admin ${email}`);
    const token = await signIn(auth, { email, password: 'a password from env' });
    expect((await auth.request('/api/admin/staff', { token })).status).toBe(200);
  });

  it('reads the password from stdin when piped, and refuses a duplicate address', async () => {
    const email = uniqueEmail('piped');
    expect((await run('./create-staff.ts', ['--email', email], {}, 'a password from stdin\n')).code).toBe(0);
    await signIn(auth, { email, password: 'a password from stdin' });
    const again = await run('./create-staff.ts', ['--email', email.toUpperCase()], {}, 'another password here\n');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
  });

  it('stores a full-width address as the ASCII it looks like and refuses one with a zero-width space', async () => {
    const email = uniqueEmail('wide-cli');
    const wide = email.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));
    const created = await run('./create-staff.ts', ['--email', wide], { STAFF_PASSWORD: 'a password from env' });
    expect(created.code).toBe(0);
    const { rows } = await auth.pool.query(`select email from auth.staff where email_normalized = $1`, [email]);
    expect(rows).toEqual([{ email }]);
    const hidden = await run('./create-staff.ts', ['--email', `${uniqueEmail()}\u200b`], {
      STAFF_PASSWORD: 'a password from env',
    });
    expect(hidden.code).toBe(64);
    expect(hidden.stderr).toContain('invisible');
  });

  it('refuses a password on the command line, a short password and a bad role', async () => {
    const argvPassword = await run(
      './create-staff.ts',
      ['--email', uniqueEmail(), '--password', 'in shell history'],
      {},
    );
    expect(argvPassword.code).not.toBe(0);
    const short = await run('./create-staff.ts', ['--email', uniqueEmail()], { STAFF_PASSWORD: 'short' });
    expect(short.code).toBe(64);
    expect(short.stderr).toContain('at least 12 characters');
    const role = await run('./create-staff.ts', ['--email', uniqueEmail(), '--role', 'owner'], {
      STAFF_PASSWORD: 'long enough password',
    });
    expect(role.code).toBe(64);
  });

  it.each(['Welcome2026!!', 'correcthorsebatterystaple'])(
    'refuses %j (common words with decoration), saying why, and creates nobody',
    async (password) => {
      const email = uniqueEmail('worded');
      const weak = await run('./create-staff.ts', ['--email', email], { STAFF_PASSWORD: password });
      expect(weak.code).toBe(64);
      expect(weak.stderr).toMatch(/^password is .*Try a few unrelated words/m);
      const { rows } = await auth.pool.query(`select 1 from auth.staff where email_normalized = $1`, [email]);
      expect(rows).toHaveLength(0);
    },
  );

  it('refuses a common password, saying why, and creates nobody', async () => {
    const email = uniqueEmail('weak');
    const weak = await run('./create-staff.ts', ['--email', email], { STAFF_PASSWORD: 'password1234' });
    expect(weak.code).toBe(64);
    expect(weak.stderr).toContain('password is one of the most common passwords');
    const { rows } = await auth.pool.query(`select 1 from auth.staff where email_normalized = $1`, [email]);
    expect(rows).toHaveLength(0);
  });
});

describe('npm run keys:rotate', { timeout: 60_000 }, () => {
  it('puts a new key in charge without signing anyone out', async () => {
    const email = uniqueEmail('rotated');
    await run('./create-staff.ts', ['--email', email], { STAFF_PASSWORD: 'a password from env' });
    const before = await signIn(auth, { email, password: 'a password from env' });

    const result = await run('./rotate-keys.ts', [], {});
    expect(result.code).toBe(0);
    const newKid = /New signing key (\S+)\./.exec(result.stdout)?.[1];
    expect(newKid).toBeTruthy();
    expect(result.stdout).toContain('still verifying for');

    await auth.keys.refresh();
    expect((await auth.request('/api/admin/verify', { token: before })).status).toBe(200);
    const after = await signIn(auth, { email, password: 'a password from env' });
    expect(JSON.parse(Buffer.from(after.split('.')[0] as string, 'base64url').toString()).kid).toBe(newKid);
  });
});
