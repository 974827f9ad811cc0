import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '@mmdm/tests/support';
import { startGateway, type RunningGateway } from '../../../test/support/start-gateway.js';
import { startStubUpstream, type StubUpstream } from '../../../test/support/stub-upstream.js';
import { CONTENT_SECURITY_POLICY } from '../../http/security-headers.js';
import { loadSiteBuild, SiteBuildMissingError } from './site-build.js';

/** The web build inlines its stylesheet into every pre-rendered page and names its hash in routes.json (first paint from the HTML alone, decision 010). */
const css = 'body{margin:0;font-family:system-ui}.hero{color:#9f1239}\n';
const hash = `sha256-${createHash('sha256').update(css).digest('base64')}`;
const page = (title: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title><style>${css}</style>` +
  `<script type="module" src="/assets/index-1a2b3c.js"></script></head><body><h1>${title}</h1></body></html>`;

function writeBuild(dir: string, routes: Record<string, unknown>) {
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  };
  write('index.html', page('Home'));
  write('404.html', page('Page not found'));
  write(
    'admin.html',
    '<!doctype html><html><head><link rel="stylesheet" href="/assets/admin-4d5e6f.css"></head><body></body></html>',
  );
  write('assets/index-1a2b3c.js', 'export {};\n');
  write('assets/admin-4d5e6f.css', css);
  write(
    'routes.json',
    JSON.stringify({
      pages: { '/': 'index.html' },
      prefixes: [{ prefix: '/admin', file: 'admin.html' }],
      notFound: '404.html',
      ...routes,
    }),
  );
}

describe("the pages' Content-Security-Policy", () => {
  let dir: string;
  let waitlist: StubUpstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mmdm-csp-dist-'));
    writeBuild(dir, { inlineStyleHashes: [hash] });
    waitlist = await startStubUpstream('waitlist');
    gateway = await startGateway({ siteDir: dir, auth: waitlist.url, waitlist: waitlist.url });
  });

  afterAll(async () => {
    await gateway?.close();
    await waitlist?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("allows the build's inlined stylesheet by its hash on every HTML answer, and no inline script", async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/no-such-page', 404],
      ['/admin/users', 200],
    ] as const) {
      const result = await request(gateway.url, path);
      expect(result.status, path).toBe(status);
      const policy = result.headers['content-security-policy'] ?? '';
      expect(policy, path).toContain(`style-src 'self' '${hash}';`);
      expect(policy, path).toContain("script-src 'self';");
      expect(policy, path).not.toMatch(/unsafe-(inline|eval|hashes)/);
    }
  });

  it('keeps the strict policy, without the hash, on assets and API answers', async () => {
    for (const path of ['/assets/index-1a2b3c.js', '/assets/admin-4d5e6f.css', '/waitlist/unsubscribe?token=abc']) {
      const result = await request(gateway.url, path);
      expect(result.status, path).toBe(200);
      expect(result.headers['content-security-policy'], path).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it('refuses at start a routes.json whose hash is not a sha256 CSP hash', async () => {
    const bad = mkdtempSync(join(tmpdir(), 'mmdm-csp-bad-dist-'));
    try {
      writeBuild(bad, { inlineStyleHashes: ["sha256-abc' 'unsafe-inline"] });
      const failure = await loadSiteBuild(bad).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SiteBuildMissingError);
      expect((failure as Error).message).toContain('routes.json is not valid');
    } finally {
      rmSync(bad, { recursive: true, force: true });
    }
  });
});
