#!/usr/bin/env node
/**
 * Fails when the message catalogues do not match the code: a message in the code that no catalogue has, one left in
 * a catalogue that the code no longer uses, a translation missing in any language, or compiled catalogues older than
 * their sources. It extracts and compiles as `npm run i18n:extract` and `npm run i18n:compile` do and compares the
 * catalogues before and after (the changes are left in place: review and commit them, translating what is new).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';

const LOCALE_DIRS = [
  'services/waitlist/src/modules/mail/locales',
  'web/src/locales',
  'web/src/locales/meta',
  'web/src/locales/status',
];
const lingui = (...args) => execFileSync('npx', ['lingui', ...args], { stdio: ['ignore', 'ignore', 'inherit'] });

/** Every catalogue file's text and times, by path. */
function snapshot() {
  const files = new Map();
  for (const dir of LOCALE_DIRS) {
    if (!existsSync(dir)) continue;
    // The catalogues (.po) and their compiled modules (.ts); a folder of another catalogue is listed on its own.
    for (const name of readdirSync(dir).filter((file) => /\.(po|ts)$/.test(file))) {
      const path = join(dir, name);
      const { atime, mtime } = statSync(path);
      files.set(path, { text: readFileSync(path, 'utf8'), atime, mtime });
    }
  }
  return files;
}

const before = snapshot();
lingui('extract', '--clean');
try {
  // --strict: a message without a translation in some language fails here, naming it.
  lingui('compile', '--strict');
} catch {
  process.stderr.write('check-catalogues: a translation is missing (see above): add it to the catalogue named.\n');
  process.exit(1);
}
const after = snapshot();
const changed = [...new Set([...before.keys(), ...after.keys()])].filter(
  (path) => before.get(path)?.text !== after.get(path)?.text,
);
// The CLI rewrites every file, changed or not. Files it left as they were get their times back, so a build made
// before this check does not look older than its sources (npm start rebuilds when a source is newer than its build).
for (const [path, was] of before) {
  if (after.get(path)?.text === was.text) utimesSync(path, was.atime, was.mtime);
}
if (changed.length > 0) {
  process.stderr.write(
    'check-catalogues: the catalogues did not match the code; extracting and compiling changed:\n' +
      `${changed.join('\n')}\nReview the changes (translate any new message in every language), then commit them.\n`,
  );
  process.exit(1);
}
process.stdout.write(`check-catalogues: the catalogues in ${LOCALE_DIRS.join(', ')} match the code.\n`);
