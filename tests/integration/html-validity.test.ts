// The W3C's own checker (the Nu Html Checker, vnu.jar, as validator.w3.org/nu runs it) reads every page the build
// pre-rendered, in every language, as a browser receives it. Needs `npm run build` first (npm test builds) and Java.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { LANGUAGES } from '@mmdm/contracts/languages';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = join(root, 'web/dist');
const built = existsSync(join(dist, 'index.html'));
/** The checker itself, from the vnu-jar package (which ships the jar and nothing else to import). */
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'assets' || entry.name === '.vite' ? [] : htmlFiles(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url: string;
  message: string;
  lastLine?: number;
}

describe.skipIf(!built)('the pre-rendered pages, by the W3C HTML checker', () => {
  it('finds no error on any public page in any language, the not-found pages and the staff shell', async () => {
    const files = htmlFiles(dist);
    const pages = files.map((file) => relative(dist, file));
    // Every language has its home, its waitlist and its not-found page: a build that lost one is caught here.
    for (const language of LANGUAGES) {
      const prefix = language === 'en' ? '' : `${language}/`;
      expect(pages).toContain(`${prefix}index.html`);
      expect(pages).toContain(`${prefix}waitlist/index.html`);
      expect(pages).toContain(`${prefix}404.html`);
    }
    // vnu exits 1 when it reports an error; its report (JSON on stderr) is what the test reads either way.
    const { stderr } = await promisify(execFile)(
      'java',
      ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files],
      { maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stderr?: string; code?: unknown }) => {
      if (typeof error.stderr !== 'string' || error.code === 'ENOENT') throw error;
      return { stderr: error.stderr };
    });
    const messages = (JSON.parse(stderr) as { messages: VnuMessage[] }).messages.map(
      (message) => `${relative(dist, fileURLToPath(message.url))}:${message.lastLine ?? '?'} ${message.message}`,
    );
    expect(messages).toEqual([]);
  }, 120_000);
});
