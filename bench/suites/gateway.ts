import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchContext } from '../lib/context.js';
import { alternate, load, type LoadResult } from '../lib/load.js';
import { startStaticNginx } from '../lib/nginx.js';
import { freePort } from '../lib/processes.js';
import { kb, ms, num, pct, ratio } from '../lib/stats.js';

const CONNECTIONS = 50;

function describe(result: LoadResult): string {
  return `${num(result.rps)} req/s, p99 ${ms(result.p99)}, errors ${result.errors}`;
}

/** The largest hashed script of the build: the asset a first visit waits for. */
function biggestScript(dist: string): { path: string; bytes: number } {
  const assets = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'));
  const sized = assets.map((name) => ({ path: `/assets/${name}`, bytes: statSync(join(dist, 'assets', name)).size }));
  sized.sort((a, b) => b.bytes - a.bytes);
  const first = sized[0];
  if (!first) throw new Error('web/dist/assets has no .js file: build the web app first');
  return first;
}

/**
 * (5) What the gateway hop costs: a tiny API answer (the JWKS, served by auth) through the gateway vs from auth
 * directly, and a static asset through the gateway vs nginx serving the same file from disk (both gzip).
 */
export async function gatewaySuite(context: BenchContext): Promise<void> {
  const { options, report, system } = context;
  const seconds = Math.max(2, Math.round(options.loadSeconds / 2));
  const run =
    (url: string, path: string, headers: Record<string, string> = {}, duration = seconds) =>
    () =>
      load({ url, connections: CONNECTIONS, seconds: duration, path, headers });

  const api = await alternate(
    options.runs,
    {
      direct: run(system.serviceUrl('auth'), '/api/admin/jwks.json'),
      gateway: run(system.url, '/api/admin/jwks.json'),
    },
    {
      direct: run(system.serviceUrl('auth'), '/api/admin/jwks.json', {}, 1),
      gateway: run(system.url, '/api/admin/jwks.json', {}, 1),
    },
  );
  report.add({
    suite: 'gateway',
    what: `tiny API answer (JWKS) direct from auth @${CONNECTIONS}`,
    value: describe(api.direct),
  });
  const apiShare = ratio(api.gateway.rps, api.direct.rps);
  report.add({
    suite: 'gateway',
    what: `tiny API answer (JWKS) via gateway @${CONNECTIONS}`,
    value: describe(api.gateway),
    reference: `${num(api.direct.rps)} req/s`,
    ratio: pct(apiShare),
    goal: '≥ 75% of direct',
    met: apiShare >= 0.75 && api.gateway.errors === 0,
  });

  const dist = context.webDistDir;
  const asset = biggestScript(dist);
  const nginx = await startStaticNginx(options.nginxBinary, await freePort(), dist);
  try {
    const gzip = { 'accept-encoding': 'gzip' };
    const stat = await alternate(
      options.runs,
      { nginx: run(nginx.url, asset.path, gzip), gateway: run(system.url, asset.path, gzip) },
      { nginx: run(nginx.url, asset.path, gzip, 1), gateway: run(system.url, asset.path, gzip, 1) },
    );
    report.add({
      suite: 'gateway',
      what: `static ${asset.path} (${kb(asset.bytes)} raw, gzip) from nginx @${CONNECTIONS}`,
      value: describe(stat.nginx),
    });
    const staticShare = ratio(stat.gateway.rps, stat.nginx.rps);
    report.add({
      suite: 'gateway',
      what: `static ${asset.path} (gzip) via gateway @${CONNECTIONS}`,
      value: describe(stat.gateway),
      reference: `${num(stat.nginx.rps)} req/s`,
      ratio: pct(staticShare),
      goal: '≥ 75% of nginx',
      met: staticShare >= 0.75 && stat.gateway.errors === 0,
    });
  } finally {
    await nginx.stop();
  }
}
