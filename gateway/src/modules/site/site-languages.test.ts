import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '@mmdm/tests/support';
import { startGateway, type RunningGateway } from '../../../test/support/start-gateway.js';
import { startStubUpstream, type StubUpstream } from '../../../test/support/stub-upstream.js';

const page = (lang: string, title: string) =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;

/** The web build pre-renders each page in each language, and a not-found page per language (decision 039). */
describe('pages in several languages', () => {
  let dir: string;
  let waitlist: StubUpstream;
  let gateway: RunningGateway;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mmdm-languages-dist-'));
    const write = (path: string, content: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    };
    write('index.html', page('en', 'Home'));
    write('es/index.html', page('es', 'Inicio'));
    write('es/waitlist/index.html', page('es', 'Lista de espera'));
    write('404.html', page('en', 'Page not found'));
    write('es/404.html', page('es', 'Página no encontrada'));
    write('admin.html', '<!doctype html><html><head></head><body></body></html>');
    write(
      'routes.json',
      JSON.stringify({
        pages: { '/': 'index.html', '/es/': 'es/index.html', '/es/waitlist': 'es/waitlist/index.html' },
        prefixes: [{ prefix: '/admin', file: 'admin.html' }],
        notFound: '404.html',
        notFoundByPrefix: [{ prefix: '/es', file: 'es/404.html' }],
      }),
    );
    waitlist = await startStubUpstream('waitlist');
    gateway = await startGateway({ siteDir: dir, auth: waitlist.url, waitlist: waitlist.url });
  });

  afterAll(async () => {
    await gateway?.close();
    await waitlist?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves a language's home with and without its trailing slash, and its pages", async () => {
    for (const path of ['/es/', '/es']) {
      const result = await request(gateway.url, path);
      expect(result.status, path).toBe(200);
      expect(result.text, path).toContain('<title>Inicio</title>');
    }
    expect((await request(gateway.url, '/es/waitlist')).text).toContain('<title>Lista de espera</title>');
  });

  it("answers an unknown path under a language's prefix with that language's not-found page, others with the default", async () => {
    const spanish = await request(gateway.url, '/es/no-such-page');
    expect(spanish.status).toBe(404);
    expect(spanish.text).toContain('<html lang="es">');
    const english = await request(gateway.url, '/no-such-page');
    expect(english.status).toBe(404);
    expect(english.text).toContain('Page not found');
    // A path that only starts like a prefix is not under it.
    expect((await request(gateway.url, '/espanol')).text).toContain('Page not found');
  });
});
