import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, posix, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { contentSecurityPolicy } from '../../http/security-headers.js';
import type { Encoding } from './accept-encoding.js';
import { contentTypeOf, isCompressible } from './content-types.js';

/** `dist/routes.json`, written by the web build (see the web build output contract in docs/architecture.md). */
const routesSchema = z.object({
  pages: z.record(z.string().startsWith('/'), z.string().min(1)),
  prefixes: z.array(z.object({ prefix: z.string().startsWith('/'), file: z.string().min(1) })).default([]),
  notFound: z.string().min(1),
  /** The not-found page in a language, for unknown paths under that language's prefix (`/es/…` → `es/404.html`). */
  notFoundByPrefix: z.array(z.object({ prefix: z.string().startsWith('/'), file: z.string().min(1) })).default([]),
  /** CSP hashes of the `<style>` elements the pre-rendered pages inline (the build computes them from the CSS). */
  inlineStyleHashes: z
    .array(z.string().regex(/^sha256-[A-Za-z0-9+/]{43}=$/, 'not a base64 sha256 CSP hash'))
    .default([]),
});

/** One encoding of a file. Small files are held in memory; the rest are streamed from disk. */
export interface Variant {
  encoding: Encoding;
  size: number;
  etag: string;
  body?: Buffer;
  path?: string;
}

export interface SiteFile {
  contentType: string;
  lastModified: string;
  cacheControl: string;
  /** Replaces the gateway's default CSP on this file's answers: HTML pages that inline the build's stylesheet. */
  contentSecurityPolicy?: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

export interface SiteBuild {
  /** Pre-rendered pages by path (no trailing slash except `/`). */
  pages: Map<string, SiteFile>;
  /** Client-only shells for a path and everything under it, e.g. `/admin`. */
  prefixes: { prefix: string; file: SiteFile }[];
  /** Every other public file by URL path (hashed assets, favicon, robots.txt, sitemap.xml, ...). */
  files: Map<string, SiteFile>;
  notFound: SiteFile;
  /** The not-found page for unknown paths under a language prefix; `notFound` for the rest. */
  notFoundByPrefix: { prefix: string; file: SiteFile }[];
}

/** The web build is missing or incomplete; the message is the one line ops need. */
export class SiteBuildMissingError extends Error {
  constructor(dir: string, detail: string) {
    super(`web build not usable in ${dir} (${detail}): run \`npm run build\` first, or set WEB_DIST_DIR`);
    this.name = 'SiteBuildMissingError';
  }
}

/** Held in memory up to this size: the whole pre-launch site fits many times over, and memory beats a disk read. */
const IN_MEMORY_LIMIT = 1024 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything without a content hash in its name is revalidated (cheap: ETag → 304). */
const REVALIDATE = 'no-cache';

const PRECOMPRESSED: { suffix: string; encoding: 'br' | 'gzip' }[] = [
  { suffix: '.br', encoding: 'br' },
  { suffix: '.gz', encoding: 'gzip' },
];

function etagOf(content: Buffer, encoding: Encoding): string {
  const hash = createHash('sha256').update(content).digest('base64url').slice(0, 22);
  return `"${hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;
}

async function variantOf(path: string, encoding: Encoding): Promise<Variant> {
  const content = await readFile(path);
  const variant: Variant = { encoding, size: content.length, etag: etagOf(content, encoding) };
  if (content.length <= IN_MEMORY_LIMIT) variant.body = content;
  else variant.path = path;
  return variant;
}

/**
 * Compresses text files the build did not precompress (the HTML pages, typically) once at start, so that
 * `npm start` without nginx still sends small pages. Only kept when it saves something.
 */
function compressInMemory(identity: Variant): Pick<SiteFile, 'br' | 'gzip'> {
  const body = identity.body;
  if (!body || body.length < 512) return {};
  const quality = body.length <= 128 * 1024 ? 11 : 6;
  const br = brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } });
  const gzip = gzipSync(body, { level: 9 });
  const result: Pick<SiteFile, 'br' | 'gzip'> = {};
  if (br.length < body.length * 0.95)
    result.br = { encoding: 'br', size: br.length, etag: etagOf(body, 'br'), body: br };
  if (gzip.length < body.length * 0.95)
    result.gzip = { encoding: 'gzip', size: gzip.length, etag: etagOf(body, 'gzip'), body: gzip };
  return result;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Resolves a file named in routes.json, refusing anything outside the build folder. */
function insideDist(dir: string, file: string): string {
  const full = resolve(dir, file);
  if (!full.startsWith(dir + sep)) throw new SiteBuildMissingError(dir, `routes.json names ${file}, outside the build`);
  return full;
}

function urlPathOf(dir: string, full: string): string {
  return `/${relative(dir, full).split(sep).join(posix.sep)}`;
}

/** A file the site never serves by its own path: HTML (served by route), build metadata, dotfiles, siblings. */
function isPrivate(urlPath: string): boolean {
  return (
    urlPath.endsWith('.html') ||
    urlPath === '/routes.json' ||
    urlPath.split('/').some((segment) => segment.startsWith('.')) ||
    PRECOMPRESSED.some(({ suffix }) => urlPath.endsWith(suffix))
  );
}

/**
 * Reads the whole build once, at start: which path is which file, each file's encodings, ETags and cache policy.
 * Serving is then a map lookup. A missing or malformed build fails here, not on the first visitor.
 */
export async function loadSiteBuild(distDir: string): Promise<SiteBuild> {
  const dir = resolve(distDir);
  const routesFile = join(dir, 'routes.json');
  if (!existsSync(routesFile)) throw new SiteBuildMissingError(dir, 'no routes.json');
  let routes: z.output<typeof routesSchema>;
  try {
    routes = routesSchema.parse(JSON.parse(await readFile(routesFile, 'utf8')));
  } catch (error) {
    throw new SiteBuildMissingError(
      dir,
      `routes.json is not valid: ${error instanceof Error ? error.message.split('\n')[0] : 'unreadable'}`,
    );
  }

  const pagePolicy = routes.inlineStyleHashes.length > 0 ? contentSecurityPolicy(routes.inlineStyleHashes) : undefined;
  const all = new Set(await listFiles(dir));
  // Memoised promises: a file named by several routes is read once, and all files are read in parallel.
  const cache = new Map<string, Promise<SiteFile>>();

  const readSiteFile = async (full: string): Promise<SiteFile> => {
    const urlPath = urlPathOf(dir, full);
    const [identity, info, ...siblings] = await Promise.all([
      variantOf(full, 'identity'),
      stat(full),
      ...PRECOMPRESSED.map(({ suffix, encoding }) =>
        all.has(full + suffix) ? variantOf(full + suffix, encoding) : undefined,
      ),
    ]);
    const file: SiteFile = {
      contentType: contentTypeOf(full),
      lastModified: info.mtime.toUTCString(),
      cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
      identity,
    };
    if (pagePolicy && file.contentType.startsWith('text/html')) file.contentSecurityPolicy = pagePolicy;
    for (const sibling of siblings) if (sibling && sibling.encoding !== 'identity') file[sibling.encoding] = sibling;
    if (!file.br && !file.gzip && isCompressible(full)) Object.assign(file, compressInMemory(identity));
    return file;
  };
  const load = (full: string): Promise<SiteFile> => {
    if (!all.has(full)) return Promise.reject(new SiteBuildMissingError(dir, `${relative(dir, full)} is missing`));
    let pending = cache.get(full);
    if (!pending) {
      pending = readSiteFile(full);
      cache.set(full, pending);
    }
    return pending;
  };

  const publicFiles = [...all]
    .map((full) => [urlPathOf(dir, full), full] as const)
    .filter(([urlPath]) => !isPrivate(urlPath));
  const [pageList, prefixList, notFound, fileList, notFoundByPrefix] = await Promise.all([
    Promise.all(
      Object.entries(routes.pages).map(
        async ([path, file]) => [withoutTrailingSlash(path), await load(insideDist(dir, file))] as const,
      ),
    ),
    Promise.all(
      routes.prefixes.map(async ({ prefix, file }) => ({
        prefix: withoutTrailingSlash(prefix),
        file: await load(insideDist(dir, file)),
      })),
    ),
    load(insideDist(dir, routes.notFound)),
    Promise.all(publicFiles.map(async ([urlPath, full]) => [urlPath, await load(full)] as const)),
    Promise.all(
      routes.notFoundByPrefix.map(async ({ prefix, file }) => ({
        prefix: withoutTrailingSlash(prefix),
        file: await load(insideDist(dir, file)),
      })),
    ),
  ]);
  const pages = new Map(pageList);
  const prefixes = prefixList;
  const files = new Map(fileList);
  return { pages, prefixes, files, notFound, notFoundByPrefix };
}

export function withoutTrailingSlash(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
