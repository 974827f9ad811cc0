/**
 * Turns the client and SSR builds into the static site the gateway serves (see "WEB BUILD OUTPUT CONTRACT" in
 * docs/architecture.md's companion notes): one pre-rendered HTML file per public route, 404.html, the admin shell,
 * routes.json, sitemap.xml, robots.txt, and .br/.gz siblings of every hashed asset.
 *
 * Each page is made to paint from its HTML alone (docs/performance.md "The site"): the stylesheet is inlined
 * (its hash goes to routes.json for the gateway's CSP), and the only script is the small boot entry, which loads the
 * app after the first paint; the chunks to load then are listed on it, not preloaded from <head>.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

interface PageMeta {
  title: string;
  description: string;
  noindex?: boolean;
}

type Language = 'en' | 'es' | 'pt' | 'de' | 'fr';

interface ServerEntry {
  render(url: string): Promise<string>;
  activateLanguage(language: Language): Promise<void>;
  metaFor(pathname: string): PageMeta;
  canonicalUrl(pathname: string): string;
  alternateUrls(pathname: string): { hreflang: string; href: string }[];
  notFoundMeta(): PageMeta;
  previewImageAlt(): string;
  LANGUAGES: readonly Language[];
  DEFAULT_LANGUAGE: Language;
  localizedPath(path: string, language: Language): string;
  publicPages: readonly { path: string; source: string }[];
  notFoundPage: { source: string };
  publicEnv: { publicUrl: string };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

// Usage: prerender.ts <client build dir> <ssr build dir> (see build.ts); defaults to web/dist and web/dist-ssr.
const webRoot = resolve(import.meta.dirname, '..');
const dist = resolve(process.argv[2] ?? join(webRoot, 'dist'));
const ssrEntry = join(resolve(process.argv[3] ?? join(webRoot, 'dist-ssr')), 'entry-server.js');
const manifestPath = join(dist, '.vite', 'manifest.json');

const server = (await import(pathToFileURL(ssrEntry).href)) as ServerEntry;
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
const template = readFileSync(join(dist, 'index.html'), 'utf8');
if (!template.includes('<!--app-head-->') || !template.includes('<!--app-html-->')) {
  throw new Error('dist/index.html lacks the <!--app-head--> / <!--app-html--> placeholders');
}

const escape = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** Every chunk a module needs, so a page's code downloads in parallel with the entry instead of after it. */
function chunksOf(key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((child) => chunksOf(child, seen))];
}

/** The app (src/main.tsx, an entry of its own) that the boot entry imports after the first paint. */
const APP_SOURCE = 'src/main.tsx';
const bootChunks = new Set(chunksOf('index.html'));
const appEntry = manifest[APP_SOURCE];
if (!appEntry?.isEntry)
  throw new Error(`the client build has no entry for ${APP_SOURCE} (vite.config.ts rollupOptions.input)`);
const appFile = appEntry.file;
const appChunks = chunksOf(APP_SOURCE);

/**
 * A content page's text in a translated language: a chunk of its own (`home.es.ts`, imported by the page's chunk),
 * which the app loads together with the page's code (src/lib/i18n/localized-content.tsx), and the page hydrates once
 * both are in.
 */
function contentChunks(source: string, language: Language): string[] {
  if (language === server.DEFAULT_LANGUAGE) return [];
  return (manifest[source]?.dynamicImports ?? [])
    .filter((key) => key.endsWith(`.${language}.ts`))
    .flatMap((key) => chunksOf(key));
}

/**
 * What a page needs to hydrate, beyond the boot entry and the app's own chunk: what they import, the page's
 * language's catalogue (loaded before hydrating) and, on a content page, its text in that language (loaded with the
 * page's code): listed here, they download beside the app. One list.
 */
function hydrationChunks(source: string, language: Language): string[] {
  if (!manifest[source]) throw new Error(`the client build has no chunk for ${source}: update publicPages`);
  const catalogue = `src/locales/${language}.ts`;
  if (!manifest[catalogue]) throw new Error(`the client build has no chunk for ${catalogue} (src/lib/i18n/i18n.ts)`);
  const pageChunks = [...chunksOf(source), ...contentChunks(source, language)];
  return [...new Set([...appChunks, ...pageChunks, ...chunksOf(catalogue)])].filter(
    (file) => !bootChunks.has(file) && file !== appFile,
  );
}

const assets = readdirSync(join(dist, 'assets'));

/**
 * The stylesheet Vite linked from index.html, to be inlined: a 5 kB (compressed) stylesheet costs a round trip
 * before the first paint, inlined it travels in the HTML's first packets. The CSP allows it by its hash.
 */
const stylesheetLink = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/;
const stylesheetFile = stylesheetLink.exec(template)?.[1];
if (!stylesheetFile) throw new Error('dist/index.html links no stylesheet to inline');
const css = readFileSync(join(dist, stylesheetFile), 'utf8');
if (/<\/style/i.test(css))
  throw new Error(`${stylesheetFile} contains "</style", which would end the inlined <style> early`);
const inlineStyleHash = `sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}`;
const cssName = stylesheetFile.slice('assets/'.length);
for (const name of readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'))) {
  if (readFileSync(join(dist, 'assets', name), 'utf8').includes(cssName)) {
    throw new Error(
      `assets/${name} would fetch ${cssName} again, which every page inlines (does a chunk import src/boot.ts?)`,
    );
  }
}

/** The boot entry's <script> tag, given the chunks it loads after the first paint. */
const bootScriptTag = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/;
if (!bootScriptTag.test(template)) throw new Error('dist/index.html has no module script (the boot entry)');
if (/<link rel="modulepreload"/.test(template))
  throw new Error(
    'dist/index.html preloads modules before the first paint: src/boot.ts must import nothing but its helper',
  );

/**
 * The link preview's picture, shipped with the site (web/design/og-image.svg rendered by scripts/og-image.sh):
 * 1200 × 630, the size Open Graph and Twitter's large card show without cropping. Its description is in the page's
 * language (previewImageAlt in src/config/page-meta.ts).
 */
const OG_IMAGE = { path: '/images/og-image.jpg', width: 1200, height: 630, type: 'image/jpeg' } as const;

/** Open Graph names a language with its territory (ll_TT): the markets each language is written for. */
const OG_LOCALES: Record<Language, string> = { en: 'en_US', es: 'es_ES', pt: 'pt_PT', de: 'de_DE', fr: 'fr_FR' };
if (!existsSync(join(dist, OG_IMAGE.path))) throw new Error(`the client build lacks ${OG_IMAGE.path} (web/public)`);

/**
 * Title, description, canonical URL and the link preview (Open Graph and Twitter card), in the served HTML: link
 * previews are made by crawlers that run no script. A share link (`/waitlist?ref=CODE`) is served the /waitlist page,
 * so it previews as the waitlist.
 */
function head(meta: PageMeta, canonical: string | null, language: Language, path: string | null): string {
  const image = `${server.publicEnv.publicUrl}${OG_IMAGE.path}`;
  // Asked for after render(), which activated the page's language.
  const imageAlt = server.previewImageAlt();
  // The same page in every language (and x-default), so a search engine shows each reader theirs.
  const alternates =
    path === null
      ? []
      : server
          .alternateUrls(path)
          .map(({ hreflang, href }) => `<link rel="alternate" hreflang="${hreflang}" href="${escape(href)}" />`);
  const tags = [
    `<title>${escape(meta.title)}</title>`,
    `<meta name="description" content="${escape(meta.description)}" />`,
    meta.noindex ? '<meta name="robots" content="noindex" />' : '',
    canonical ? `<link rel="canonical" href="${escape(canonical)}" />` : '',
    ...alternates,
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="Meet Match Date Marry" />',
    `<meta property="og:locale" content="${OG_LOCALES[language]}" />`,
    ...(path === null
      ? []
      : server.LANGUAGES.filter((other) => other !== language).map(
          (other) => `<meta property="og:locale:alternate" content="${OG_LOCALES[other]}" />`,
        )),
    `<meta property="og:title" content="${escape(meta.title)}" />`,
    `<meta property="og:description" content="${escape(meta.description)}" />`,
    canonical ? `<meta property="og:url" content="${escape(canonical)}" />` : '',
    `<meta property="og:image" content="${escape(image)}" />`,
    `<meta property="og:image:type" content="${OG_IMAGE.type}" />`,
    `<meta property="og:image:width" content="${OG_IMAGE.width}" />`,
    `<meta property="og:image:height" content="${OG_IMAGE.height}" />`,
    `<meta property="og:image:alt" content="${escape(imageAlt)}" />`,
    '<meta name="twitter:card" content="summary_large_image" />',
    `<meta name="twitter:title" content="${escape(meta.title)}" />`,
    `<meta name="twitter:description" content="${escape(meta.description)}" />`,
    `<meta name="twitter:image" content="${escape(image)}" />`,
    `<meta name="twitter:image:alt" content="${escape(imageAlt)}" />`,
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** The CSP allows no inline script or style: refuse to ship a page that would break under it. */
function assertCspSafe(url: string, html: string) {
  if (/<script(?![^>]*\ssrc=)/i.test(html)) throw new Error(`${url}: pre-rendered markup contains an inline <script>`);
  if (/\sstyle=/i.test(html) || /<style/i.test(html))
    throw new Error(`${url}: pre-rendered markup contains inline styles`);
}

/**
 * The page's HTML: head tags and markup in the template, the stylesheet inlined, and the boot script at low fetch
 * priority (the markup paints without it) carrying the chunks it loads after the first paint.
 */
function pageHtml(markup: string, headTags: string, chunks: string[], language: Language): string {
  return template
    .replace('<html lang="en">', () => `<html lang="${language}">`)
    .replace('<!--app-head-->', () => headTags)
    .replace('<!--app-html-->', () => markup)
    .replace(stylesheetLink, () => `<style>${css}</style>`)
    .replace(
      bootScriptTag,
      (_tag, src: string) =>
        `<script type="module" fetchpriority="low" crossorigin src="${src}" data-app="/${appFile}" data-modulepreload="${chunks.map((file) => `/${file}`).join(' ')}"></script>`,
    );
}

function writePage(file: string, url: string, markup: string, headTags: string, chunks: string[], language: Language) {
  assertCspSafe(url, markup);
  const html = pageHtml(markup, headTags, chunks, language);
  const target = join(dist, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, html);
}

if (!template.includes('<html lang="en">')) throw new Error('dist/index.html lacks <html lang="en"> to set per page');

/** Where a URL's page is written: `/` → index.html, `/es/` → es/index.html, `/es/waitlist` → es/waitlist/index.html. */
const fileOf = (url: string) => `${url.replace(/^\/+|\/+$/g, '')}/index.html`.replace(/^\//, '');

// Every public page in every language: the English ones unprefixed, the others under their language's prefix.
const pages: Record<string, string> = {};
const notFoundByPrefix: { prefix: string; file: string }[] = [];
const sitemapUrls: string[] = [];
for (const language of server.LANGUAGES) {
  for (const page of server.publicPages) {
    const url = server.localizedPath(page.path, language);
    const file = fileOf(url);
    // render() activates the page's language; the head is written in it too.
    const markup = await server.render(url);
    const meta = server.metaFor(url);
    writePage(
      file,
      url,
      markup,
      head(meta, server.canonicalUrl(url), language, url),
      hydrationChunks(page.source, language),
      language,
    );
    pages[url] = file;
    if (!meta.noindex) sitemapUrls.push(server.canonicalUrl(url));
  }
  // The not-found page in the language: the default one for unknown paths without a prefix, the others for theirs.
  const prefix = server.localizedPath('/', language).replace(/\/$/, '');
  const notFoundFile = language === server.DEFAULT_LANGUAGE ? '404.html' : `${language}/404.html`;
  const markup = await server.render(`${prefix}/__not-found__`);
  writePage(
    notFoundFile,
    `${prefix}/404`,
    markup,
    head(server.notFoundMeta(), null, language, null),
    hydrationChunks(server.notFoundPage.source, language),
    language,
  );
  if (language !== server.DEFAULT_LANGUAGE) notFoundByPrefix.push({ prefix, file: notFoundFile });
}

if (!existsSync(join(dist, 'admin.html'))) throw new Error('the client build did not emit admin.html');

writeFileSync(
  join(dist, 'routes.json'),
  `${JSON.stringify({ pages, prefixes: [{ prefix: '/admin', file: 'admin.html' }], notFound: '404.html', notFoundByPrefix, inlineStyleHashes: [inlineStyleHash] }, null, 2)}\n`,
);

writeFileSync(
  join(dist, 'sitemap.xml'),
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemapUrls.map((url) => `  <url><loc>${escape(url)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n'),
);

writeFileSync(
  join(dist, 'robots.txt'),
  ['User-agent: *', 'Disallow: /admin', '', `Sitemap: ${server.publicEnv.publicUrl}/sitemap.xml`, ''].join('\n'),
);

// Compressed once here at maximum effort, so the gateway never compresses on the fly.
for (const name of assets) {
  if (name.endsWith('.br') || name.endsWith('.gz')) continue;
  const path = join(dist, 'assets', name);
  if (!statSync(path).isFile()) continue;
  const content = readFileSync(path);
  writeFileSync(`${path}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
}

// Build metadata, not part of the site: keep it out of what the gateway would serve.
rmSync(join(dist, '.vite'), { recursive: true, force: true });

console.log(
  `pre-rendered ${Object.keys(pages).length} pages in ${server.LANGUAGES.length} languages, a 404 page in each, and admin.html`,
);
