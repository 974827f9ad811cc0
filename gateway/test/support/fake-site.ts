import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export interface FakeSite {
  dir: string;
  assetPath: string;
  assetBody: string;
  remove: () => void;
}

const page = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
  `<script type="module" src="/assets/app-3f9a1c.js"></script></head><body><main><h1>${title}</h1>` +
  `<p>${'Meet Match Date Marry is coming soon. '.repeat(40)}</p></main></body></html>`;

/**
 * A small web build laid out per the web build output contract (docs/architecture.md), so the gateway's tests do
 * not depend on the real React build.
 */
export function createFakeSite(): FakeSite {
  const dir = mkdtempSync(join(tmpdir(), 'mmdm-fake-dist-'));
  const write = (path: string, content: string | Buffer) => {
    const full = join(dir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  };
  const assetPath = '/assets/app-3f9a1c.js';
  const assetBody = `export const greeting = ${JSON.stringify('hello '.repeat(200))};\n`;

  write('index.html', page('Home'));
  write('about/index.html', page('About'));
  write('waitlist/index.html', page('Join the waitlist'));
  write('404.html', page('Page not found'));
  write(
    'admin.html',
    '<!doctype html><html><head><script type="module" src="/assets/admin-77aa01.js"></script></head><body><div id="root"></div></body></html>',
  );
  write(assetPath.slice(1), assetBody);
  write(`${assetPath.slice(1)}.br`, brotliCompressSync(assetBody));
  write(`${assetPath.slice(1)}.gz`, gzipSync(assetBody));
  write('assets/admin-77aa01.js', 'export {};\n');
  write('assets/logo-11bb22.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  write('robots.txt', 'User-agent: *\nDisallow: /admin\n');
  write('.secret', 'never served');
  write(
    'routes.json',
    JSON.stringify({
      pages: { '/': 'index.html', '/about': 'about/index.html', '/waitlist': 'waitlist/index.html' },
      prefixes: [{ prefix: '/admin', file: 'admin.html' }],
      notFound: '404.html',
    }),
  );
  return { dir, assetPath, assetBody, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
