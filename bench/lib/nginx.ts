import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderMainConfig, renderTemplate } from '../../tests/integration/support/nginx.js';
import { ROOT } from './system.js';
import { waitForHttp, type RunningProcess } from './processes.js';

export interface RunningNginx {
  url: string;
  pid: number;
  stop: () => Promise<void>;
}

function newPrefix(): string {
  const prefix = mkdtempSync(join(tmpdir(), 'mmdm-bench-nginx-'));
  // Workers drop to an unprivileged user when run as root: they must be able to enter the prefix.
  chmodSync(prefix, 0o755);
  for (const dir of ['conf.d', 'cache', 'logs']) mkdirSync(join(prefix, dir));
  return prefix;
}

async function run(binary: string, prefix: string, port: number): Promise<RunningNginx> {
  const configFile = join(prefix, 'nginx.conf');
  const child = spawn(binary, ['-p', prefix, '-c', configFile, '-e', 'stderr', '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const handle = { name: 'nginx', child } as unknown as RunningProcess; // waitForHttp only looks at name and exitCode
  try {
    await waitForHttp(`http://127.0.0.1:${port}/robots.txt`, 10_000, handle);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`nginx did not start: ${error instanceof Error ? error.message : String(error)} ${stderr}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/**
 * The shipped edge config (infra/nginx) in front of the gateway, rendered as tests/integration does. One change: the
 * per-address sign-up limit (5 r/s, burst 20) is lifted, because the load comes from a single address: the same
 * reason the service's SIGNUP_RATE_LIMIT is raised. Access logging stays on (to /dev/null), as its cost is part of the edge.
 */
export async function startEdgeNginx(binary: string, port: number, gatewayUpstream: string): Promise<RunningNginx> {
  const prefix = newPrefix();
  const template = readFileSync(join(ROOT, 'infra/nginx/templates/default.conf.template'), 'utf8');
  const site = renderTemplate(template, { NGINX_PORT: `127.0.0.1:${port}`, GATEWAY_UPSTREAM: gatewayUpstream })
    .replace(/zone=signup:10m rate=\d+r\/s/, 'zone=signup:10m rate=1000000r/s')
    // nginx counts requests within one millisecond against the burst whatever the rate: raise the burst too.
    .replaceAll(/zone=signup burst=\d+/g, 'zone=signup burst=1000000');
  if (!site.includes('rate=1000000r/s') || !site.includes('zone=signup burst=1000000')) {
    throw new Error('infra/nginx template: the signup limit_req_zone or its burst was not found');
  }
  writeFileSync(join(prefix, 'conf.d/default.conf'), site);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    renderMainConfig(readFileSync(join(ROOT, 'infra/nginx/nginx.conf'), 'utf8'), prefix),
  );
  return run(binary, prefix, port);
}

/** The reference for static files: nginx serving web/dist itself, with sendfile and precompressed .gz files. */
export async function startStaticNginx(binary: string, port: number, root: string): Promise<RunningNginx> {
  const prefix = newPrefix();
  writeFileSync(
    join(prefix, 'nginx.conf'),
    `worker_processes auto;
error_log stderr warn;
pid ${join(prefix, 'nginx.pid')};
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${join(prefix, 'cache')};
  proxy_temp_path ${join(prefix, 'cache')};
  fastcgi_temp_path ${join(prefix, 'cache')};
  uwsgi_temp_path ${join(prefix, 'cache')};
  scgi_temp_path ${join(prefix, 'cache')};
  server {
    listen 127.0.0.1:${port};
    root ${root};
    gzip_static on;
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
  }
}
`,
  );
  return run(binary, prefix, port);
}
