import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

/** A port free right now on the loopback interface. */
function accepting(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** uid and gid of a system account, from /etc/passwd. */
function account(name: string): { uid: number; gid: number } | undefined {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  return uid && gid ? { uid: Number(uid), gid: Number(gid) } : undefined;
}

/**
 * Debian's dovecot (dovecot-imapd) on a loopback port, every path in a temp dir: plain-text login against a
 * passwd-file, one maildir per user, no root-owned paths and no systemd. As root, dovecot refuses to run its login
 * and mail processes as root, so they run as the package's own `dovenull` and `dovecot` accounts.
 */
export class Dovecot {
  readonly user = 'bounces';
  readonly password = `pw-${Math.random().toString(36).slice(2)}`;
  port = 0;
  private dir = '';
  private process: ChildProcess | undefined;

  get url(): string {
    return `imap://${this.user}:${encodeURIComponent(this.password)}@127.0.0.1:${this.port}/INBOX`;
  }

  async start(): Promise<this> {
    this.port = await freePort();
    this.dir = mkdtempSync(join(tmpdir(), 'mmdm-dovecot-'));
    const root = userInfo().uid === 0;
    const me = userInfo().username;
    const mailOwner = root ? account('dovecot') : { uid: userInfo().uid, gid: userInfo().gid };
    if (!mailOwner) throw new Error('dovecot: no "dovecot" account (apt-get install dovecot-imapd)');
    const mailDir = join(this.dir, 'mail');
    mkdirSync(mailDir);
    if (root) {
      chmodSync(this.dir, 0o755);
      chownSync(mailDir, mailOwner.uid, mailOwner.gid);
    }
    writeFileSync(join(this.dir, 'passwd'), `${this.user}:{PLAIN}${this.password}\n`, { mode: 0o644 }); // read by dovecot's auth worker, which runs as dovecot
    const config = join(this.dir, 'dovecot.conf');
    writeFileSync(
      config,
      [
        'protocols = imap',
        'listen = 127.0.0.1',
        `base_dir = ${this.dir}/run`,
        `state_dir = ${this.dir}/state`,
        `log_path = ${this.dir}/dovecot.log`,
        'ssl = no',
        'disable_plaintext_auth = no',
        'auth_mechanisms = plain login',
        `default_login_user = ${root ? 'dovenull' : me}`,
        `default_internal_user = ${root ? 'dovecot' : me}`,
        `default_internal_group = ${root ? 'dovecot' : me}`,
        'passdb {',
        '  driver = passwd-file',
        `  args = scheme=PLAIN username_format=%u ${this.dir}/passwd`,
        '}',
        'userdb {',
        '  driver = static',
        `  args = uid=${mailOwner.uid} gid=${mailOwner.gid} home=${mailDir}/%u`,
        '}',
        `mail_location = maildir:${mailDir}/%u`,
        // System accounts (the package's own, as root) have low ids; dovecot refuses them as mail owners otherwise.
        `first_valid_uid = ${mailOwner.uid}`,
        'service imap-login {',
        '  inet_listener imap {',
        '    address = 127.0.0.1',
        `    port = ${this.port}`,
        '  }',
        '  inet_listener imaps {',
        '    port = 0',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    await this.run();
    return this;
  }

  /** Stops dovecot (its master process takes its children down with it) and waits for it. */
  async stop(): Promise<void> {
    const child = this.process;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    this.process = undefined;
  }

  async close(): Promise<void> {
    await this.stop();
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
  }

  /** Starts it again on the same port with the same mail (after `stop`). */
  async restart(): Promise<void> {
    await this.run();
  }

  private async run(): Promise<void> {
    this.process = spawn('/usr/sbin/dovecot', ['-F', '-c', join(this.dir, 'dovecot.conf')], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await accepting(this.port))) {
      if (Date.now() > deadline || this.process.exitCode !== null)
        throw new Error(`dovecot did not start: ${readFileSync(join(this.dir, 'dovecot.log'), 'utf8').slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
