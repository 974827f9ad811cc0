import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendError } from '../../http/json-answer.js';
import { chooseEncoding } from './accept-encoding.js';
import { withoutTrailingSlash, type SiteBuild, type SiteFile, type Variant } from './site-build.js';

function decodePath(rawPath: string): string | undefined {
  try {
    return decodeURIComponent(rawPath);
  } catch {
    return undefined;
  }
}

/** Is `etag` among the tags of an If-None-Match header (weak comparison, RFC 9110 §13.1.2)? */
function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

function isFresh(req: IncomingMessage, variant: Variant, file: SiteFile): boolean {
  const noneMatch = req.headers['if-none-match'];
  if (noneMatch !== undefined) return matchesEtag(noneMatch, variant.etag);
  const modifiedSince = req.headers['if-modified-since'];
  if (modifiedSince === undefined) return false;
  const since = Date.parse(modifiedSince);
  return Number.isFinite(since) && Date.parse(file.lastModified) <= since;
}

/**
 * Serves the pre-rendered web build: pages by route, the admin shell for everything under its prefix, other files
 * by path, and the not-found page (status 404) for the rest.
 */
export function createSite(build: SiteBuild) {
  function lookup(rawPath: string): SiteFile | undefined {
    const path = decodePath(rawPath);
    if (path === undefined) return undefined;
    const route = withoutTrailingSlash(path);
    const page = build.pages.get(route);
    if (page) return page;
    for (const { prefix, file } of build.prefixes) {
      if (route === prefix || route.startsWith(`${prefix}/`)) return file;
    }
    return build.files.get(path);
  }

  function send(req: IncomingMessage, res: ServerResponse, file: SiteFile, status: number): void {
    const hasEncodings = Boolean(file.br || file.gzip);
    const encoding = hasEncodings
      ? chooseEncoding(req.headers['accept-encoding'], { br: Boolean(file.br), gzip: Boolean(file.gzip) })
      : 'identity';
    const variant = (encoding === 'identity' ? undefined : file[encoding]) ?? file.identity;

    res.setHeader('Cache-Control', file.cacheControl);
    if (file.contentSecurityPolicy) res.setHeader('Content-Security-Policy', file.contentSecurityPolicy);
    if (hasEncodings) res.setHeader('Vary', 'Accept-Encoding');
    if (status === 200) {
      res.setHeader('ETag', variant.etag);
      res.setHeader('Last-Modified', file.lastModified);
      if (isFresh(req, variant, file)) {
        res.statusCode = 304;
        res.end();
        return;
      }
    }
    res.statusCode = status;
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', variant.size);
    if (variant.encoding !== 'identity') res.setHeader('Content-Encoding', variant.encoding);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    if (variant.body) {
      res.end(variant.body);
      return;
    }
    const stream = createReadStream(variant.path ?? '');
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  }

  /** The not-found page in the language of the path's prefix (`/es/…` gets the Spanish one), else the default. */
  function notFoundFor(rawPath: string): SiteFile {
    const path = decodePath(rawPath) ?? rawPath;
    const localized = build.notFoundByPrefix.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
    return localized?.file ?? build.notFound;
  }

  /** GET/HEAD: the file or the not-found page. Other methods: 405 where there is something to GET, else 404. */
  function serve(req: IncomingMessage, res: ServerResponse, rawPath: string): void {
    const file = lookup(rawPath);
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) {
      if (file) {
        sendError(res, 405, 'method_not_allowed', `${req.method ?? 'This method'} is not allowed here.`, {
          headers: { Allow: 'GET, HEAD' },
        });
      } else {
        sendError(res, 404, 'not_found', 'There is nothing at this address.');
      }
      return;
    }
    if (file) send(req, res, file, 200);
    else send(req, res, notFoundFor(rawPath), 404);
  }

  return { serve };
}

export type Site = ReturnType<typeof createSite>;
