import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const read = (path: string) => readFileSync(root(path), 'utf8');

/** The README is the front door: what it is, the picture, how to run and test it, where to read more. */
const README_MAX_LINES = 200;
const README_MAX_BYTES = 25_000;

/** The modules that read the environment: each service's `src/config.ts` is its only reader of `process.env`. */
const CONFIG_MODULES = [
  'gateway/src/config.ts',
  'services/shared/src/config.ts',
  'services/auth/src/config.ts',
  'services/waitlist/src/config.ts',
  'services/backup/src/config.ts',
];

/** Variables a config module reads: the keys of its zod schemas (`  NAME: z.…` / `  NAME: env.…`). */
function variablesReadBy(source: string): string[] {
  return [...source.matchAll(/^\s+([A-Z][A-Z0-9_]{2,}):\s/gm)].map((match) => match[1]!);
}

/** The README's "Environment variables" section: names only, grouped. */
function readmeVariables(readme: string): Set<string> {
  const section = readme.split(/^## Environment variables$/m)[1]?.split(/^## /m)[0] ?? '';
  return new Set([...section.matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)].map((match) => match[1]!));
}

/** docs/configuration.md's entries: a list item opening with the variable's name (or names joined by `/`). */
function documentedVariables(configuration: string): Set<string> {
  const names = new Set<string>();
  for (const entry of configuration.matchAll(/^- ((?:`[A-Z][A-Z0-9_]{2,}`(?: \/ )?)+) — /gm)) {
    for (const name of entry[1]!.matchAll(/`([A-Z0-9_]+)`/g)) names.add(name[1]!);
  }
  return names;
}

describe('README.md', () => {
  const readme = read('README.md');

  it(`stays a front door: at most ${README_MAX_LINES} lines and ${README_MAX_BYTES / 1000} kB`, () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(README_MAX_BYTES);
  });

  it('names every variable the config modules read, and docs/configuration.md gives each its default and meaning', () => {
    const named = readmeVariables(readme);
    const documented = documentedVariables(read('docs/configuration.md'));
    const readByConfig = [...new Set(CONFIG_MODULES.flatMap((module) => variablesReadBy(read(module))))].sort();
    expect(readByConfig.length).toBeGreaterThan(50);
    expect(readByConfig.filter((name) => !named.has(name))).toEqual([]);
    expect(readByConfig.filter((name) => !documented.has(name))).toEqual([]);
  });

  it('lists the same variables as docs/configuration.md, each once there', () => {
    const configuration = read('docs/configuration.md');
    const documented = documentedVariables(configuration);
    expect([...readmeVariables(readme)].sort()).toEqual([...documented].sort());
    const entries = [...configuration.matchAll(/^- ((?:`[A-Z][A-Z0-9_]{2,}`(?: \/ )?)+) — /gm)].flatMap((entry) =>
      [...entry[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((name) => name[1]!),
    );
    expect(entries.filter((name, index) => entries.indexOf(name) !== index)).toEqual([]);
  });
});
