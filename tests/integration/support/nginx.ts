import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const NGINX_BINARY = process.env.NGINX_BINARY ?? '/usr/sbin/nginx';
const NGINX_DIR = fileURLToPath(new URL('../../../infra/nginx/', import.meta.url));

/** Variables the official image's envsubst fills in the template; nothing else may look like `${...}`. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`template uses \${${name}}, which the test does not set`);
    return value;
  });
}

/**
 * Maps the absolute paths of infra/nginx/nginx.conf (those of the official image) into a temporary prefix, so
 * Debian's nginx can run the shipped file without root and without touching /etc or /var.
 */
export function renderMainConfig(config: string, prefix: string): string {
  const mapped = config
    .replaceAll('/var/run/nginx.pid', join(prefix, 'nginx.pid'))
    .replaceAll('/var/cache/nginx/', `${join(prefix, 'cache')}/`)
    .replaceAll('/etc/nginx/conf.d/', `${join(prefix, 'conf.d')}/`);
  const leftover = mapped.match(/\s(\/(?:var|run|etc\/nginx\/conf\.d)\/\S*)/);
  if (leftover) throw new Error(`nginx.conf has a path the test does not map: ${leftover[1]}`);
  return mapped;
}

export interface RunningNginx {
  url: string;
  prefix: string;
  stderr: () => string;
  stop: () => Promise<void>;
}

/** Writes the rendered shipped config into a fresh prefix folder. */
export function prepareNginx(port: number, gatewayUpstream: string): { prefix: string; configFile: string } {
  const prefix = mkdtempSync(join(tmpdir(), 'mmdm-nginx-'));
  // Workers drop to an unprivileged user when the test runs as root: they must be able to enter the prefix.
  chmodSync(prefix, 0o755);
  mkdirSync(join(prefix, 'conf.d'));
  mkdirSync(join(prefix, 'cache'));
  mkdirSync(join(prefix, 'logs')); // nginx checks its compiled-in log folder relative to -p at start
  const site = renderTemplate(readFileSync(join(NGINX_DIR, 'templates/default.conf.template'), 'utf8'), {
    NGINX_PORT: `127.0.0.1:${port}`,
    GATEWAY_UPSTREAM: gatewayUpstream,
  });
  writeFileSync(join(prefix, 'conf.d/default.conf'), site);
  const configFile = join(prefix, 'nginx.conf');
  writeFileSync(configFile, renderMainConfig(readFileSync(join(NGINX_DIR, 'nginx.conf'), 'utf8'), prefix));
  return { prefix, configFile };
}

/** `nginx -t` on the rendered config: exit code and what nginx said. */
export function testConfig(prefix: string, configFile: string): { status: number | null; output: string } {
  // stdout to /dev/null: the config logs to /dev/stdout, which cannot be opened when it is a socket (Node's pipes).
  const result = spawnSync(NGINX_BINARY, ['-t', '-p', prefix, '-c', configFile, '-e', 'stderr'], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return { status: result.status, output: result.stderr };
}

function waitForPort(port: number, child: ChildProcess, output: () => string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) {
        reject(new Error(`nginx exited with ${child.exitCode}: ${output()}`));
        return;
      }
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nginx did not listen on ${port}: ${output()}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/** Runs Debian's nginx in the foreground on the shipped config, in front of `gatewayUpstream`. */
export async function startNginx(port: number, gatewayUpstream: string): Promise<RunningNginx> {
  if (!existsSync(NGINX_BINARY)) throw new Error(`nginx not found at ${NGINX_BINARY} (apt-get install nginx-light)`);
  const { prefix, configFile } = prepareNginx(port, gatewayUpstream);
  const child = spawn(NGINX_BINARY, ['-p', prefix, '-c', configFile, '-e', 'stderr', '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  await waitForPort(port, child, () => stderr);
  return {
    url: `http://127.0.0.1:${port}`,
    prefix,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT'); // graceful: finish what is in flight
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
