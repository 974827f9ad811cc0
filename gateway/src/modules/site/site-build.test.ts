import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSiteBuild, SiteBuildMissingError } from './site-build.js';

describe('loadSiteBuild', () => {
  it('fails at start with one line telling to run the build when there is none', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mmdm-empty-dist-'));
    try {
      const failure = await loadSiteBuild(dir).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SiteBuildMissingError);
      expect((failure as Error).message).toContain('run `npm run build`');
      expect((failure as Error).message).not.toContain('\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a routes.json that names a missing page or a file outside the build', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mmdm-bad-dist-'));
    try {
      writeFileSync(join(dir, '404.html'), '<h1>404</h1>');
      writeFileSync(
        join(dir, 'routes.json'),
        JSON.stringify({ pages: { '/': 'index.html' }, prefixes: [], notFound: '404.html' }),
      );
      await expect(loadSiteBuild(dir)).rejects.toThrow(/index.html is missing/);
      writeFileSync(
        join(dir, 'routes.json'),
        JSON.stringify({ pages: { '/': '../../etc/passwd' }, prefixes: [], notFound: '404.html' }),
      );
      await expect(loadSiteBuild(dir)).rejects.toThrow(/outside the build/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
