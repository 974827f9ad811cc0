#!/usr/bin/env node
/**
 * Fails, listing file:line, where code or docs speak of the process that produced them instead of the behaviour:
 * a tracker's issue number (the word issue, then a number), a bare hash-and-number reference in a comment or a doc,
 * the work session or the product specification by those names (the patterns below). Docs and comments speak of
 * requirements and behaviour; the history lives in git.
 *
 * Usage: node scripts/check-process-words.mjs [file ...]   (no files: every file git tracks)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { extname, basename } from 'node:path';

// Built from pieces so that this file does not report itself.
const phrase = (...parts) => ({
  pattern: new RegExp(`\\b${parts.join('\\s+')}\\b`, 'i'),
  says: `"${parts.join(' ')}"`,
});
const PROCESS_WORDS = [
  { pattern: new RegExp(`\\b${'issue'}\\s*#?\\d+\\b`, 'i'), says: 'an issue number' },
  phrase('this', 'session'),
  phrase('the', 'product', 'spec'),
];
/**
 * "#12" as a reference, in a comment or a doc. Not: CSS and SVG colours (`#047857`: style files are not read, and a
 * colour follows a quote, a colon or a letter), HTML entities (`&#39;`), URL fragments (`page#12`, `/#12`), and
 * places in line written with thousands separators (`#286,495`).
 */
const NUMBER_REFERENCE = /(?<![\w&#/"'`:=-])#\d{2,}\b(?![,.]\d)/;

/** Generated or third-party text, and files that hold no prose. */
const SKIPPED_FILES = new Set(['package-lock.json']);
const SKIPPED_EXTENSIONS = new Set([
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.ico',
  '.webp',
  '.avif',
  '.woff',
  '.woff2',
  '.ttf',
  '.otf',
  '.pdf',
  '.gz',
  '.br',
  '.zip',
  '.tar',
  '.pem',
  '.der',
  '.lock',
]);
const DOC_EXTENSIONS = new Set(['.md', '.mdx', '.txt']);
const CODE_EXTENSIONS = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs']);
const HASH_COMMENT_EXTENSIONS = new Set(['.yml', '.yaml', '.sh', '.conf', '.toml', '.env', '.example']);

/** The part of a line that is a comment (JS/TS: `//`, or a line of a block comment), else ''. */
function commentOf(line, extension, name) {
  const trimmed = line.trimStart();
  if (CODE_EXTENSIONS.has(extension)) {
    if (/^(\/\/|\/\*|\*|\{\/\*)/.test(trimmed)) return trimmed;
    const at = line.search(/(?<![:/])\/\/\s/);
    return at === -1 ? '' : line.slice(at);
  }
  if (HASH_COMMENT_EXTENSIONS.has(extension) || name === 'Dockerfile' || name.startsWith('.')) {
    const at = line.search(/(^|\s)#\s/);
    return at === -1 ? '' : line.slice(at);
  }
  return '';
}

function findingsIn(file) {
  const name = basename(file);
  const extension = extname(file).toLowerCase();
  if (SKIPPED_FILES.has(name) || SKIPPED_EXTENSIONS.has(extension)) return [];
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return []; // deleted in the work tree, or a directory (a submodule)
  }
  if (text.includes('\u0000')) return []; // binary
  const findings = [];
  text.split('\n').forEach((line, index) => {
    const said = PROCESS_WORDS.filter(({ pattern }) => pattern.test(line)).map(({ says }) => says);
    const prose = DOC_EXTENSIONS.has(extension) ? line : commentOf(line, extension, name);
    if (NUMBER_REFERENCE.test(prose)) said.push('a "#NN" reference');
    if (said.length > 0) findings.push(`${file}:${index + 1}: ${said.join(', ')}: ${line.trim().slice(0, 140)}`);
  });
  return findings;
}

const files =
  process.argv.length > 2
    ? process.argv.slice(2)
    : execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
        .split('\u0000')
        .filter(Boolean);
const findings = files.flatMap(findingsIn);
if (findings.length > 0) {
  process.stderr.write(
    `${findings.join('\n')}\n\n${findings.length} line(s) speak of the process, not the behaviour: name the requirement ` +
      'or the behaviour instead (the history lives in git).\n',
  );
  process.exit(1);
}
process.stdout.write(`check-process-words: ${files.length} files, none speaks of the process.\n`);
