import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchContext } from '../lib/context.js';
import { kb, ms } from '../lib/stats.js';

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/**
 * Lighthouse's own advice for a score that moves from run to run (the performance score follows Total Blocking Time,
 * which follows whatever else the 2-core machine is doing): five runs of each page, and the median run reported, as
 * PageSpeed Insights and Lighthouse CI pick it (computeMedianRun: the run nearest the median FCP and TTI).
 */
const LIGHTHOUSE_RUNS = 5;

type LighthouseReport = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
}

/**
 * Scripts a first visit of a pre-rendered page loads: the boot entry (`<script src>`), and what it loads once the page
 * has painted, named on its tag (`data-app`, `data-modulepreload`; web/scripts/prerender.ts). Older builds listed the
 * chunks as `<link rel="modulepreload">`, also counted.
 */
function firstLoadScripts(html: string): string[] {
  const attribute = (pattern: RegExp) =>
    [...html.matchAll(pattern)].flatMap((match) => match[1]!.split(' ').filter(Boolean));
  const found = [
    ...attribute(/<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/g),
    ...attribute(/<script[^>]*\sdata-app="(\/assets\/[^"]+\.js)"/g),
    ...attribute(/<script[^>]*\sdata-modulepreload="([^"]*)"/g),
    ...attribute(/<link[^>]*rel="modulepreload"[^>]*\shref="(\/assets\/[^"]+\.js)"/g),
  ];
  return [...new Set(found)];
}

function gzipBytes(dist: string, path: string): number {
  return gzipSync(readFileSync(join(dist, path)), { level: 9 }).length;
}

/**
 * (4) Lighthouse 12 (mobile preset, its default) in Debian's Chromium on `/`, `/waitlist`, `/es/` and `/es/waitlist`
 * served by the gateway, the median of five runs each (one with BENCH_QUICK):
 * the four scores, LCP, CLS and the bytes by kind; plus the gzip size of the JavaScript `/` loads first, computed
 * from the build.
 */
export async function siteSuite(context: BenchContext): Promise<void> {
  const { options, report, system } = context;
  // The waitlist page carries the form (and loads its proof-of-work solver only after the first paint).
  // The Spanish pages stand for the other languages: the same code, plus their own catalogue.
  for (const [page, file] of [
    ['/', 'index.html'],
    ['/waitlist', 'waitlist/index.html'],
    ['/es/', 'es/index.html'],
    ['/es/waitlist', 'es/waitlist/index.html'],
  ] as const) {
    const html = readFileSync(join(context.webDistDir, file), 'utf8');
    const scripts = firstLoadScripts(html);
    const jsGzip = scripts.reduce((sum, path) => sum + gzipBytes(context.webDistDir, path), 0);
    report.add({
      suite: 'site',
      what: `first-load JS of ${page} (gzip -9 of ${scripts.length} scripts: boot entry + app + page chunks)`,
      value: kb(jsGzip),
      goal: '≤ 100 kB',
      met: jsGzip <= 100 * 1024,
    });
  }

  const chrome = await launch({ chromePath: options.chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const breakdown: string[] = [
      '| page | HTML | JS | CSS | fonts | other | requests |',
      '|---|---|---|---|---|---|---|',
    ];
    for (const page of ['/', '/waitlist', '/es/', '/es/waitlist']) {
      const audit = () =>
        lighthouse(`${system.url}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
        });
      const runs: LighthouseReport[] = [];
      for (let run = 0; run < (options.quick ? 1 : LIGHTHOUSE_RUNS); run++) {
        let result = await audit();
        // Lighthouse itself sometimes loses the trace on a busy machine (NO_NAVSTART): one more try before giving up.
        if (!result || result.lhr.runtimeError) result = await audit();
        if (!result) throw new Error(`lighthouse gave no result for ${page}`);
        if (result.lhr.runtimeError) throw new Error(`lighthouse on ${page}: ${result.lhr.runtimeError.message}`);
        runs.push(result.lhr);
      }
      // The helper's declaration names Lighthouse's global LH.Result, which the package does not give its importers.
      const lhr = computeMedianRun(filterToValidRuns(runs)) as LighthouseReport;
      // The median run's whole report stays beside the logs, for the details results.md leaves out.
      writeFileSync(join(context.tmpDir, `lighthouse${page.replaceAll('/', '-') || '-'}.json`), JSON.stringify(lhr));
      const performance = runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100));
      const scores = CATEGORIES.map((category) => Math.round((lhr.categories[category]?.score ?? 0) * 100));
      report.add({
        suite: 'site',
        what: `Lighthouse ${page}: performance / accessibility / best practices / SEO (median of ${runs.length} runs)`,
        value: `${scores.join(' / ')} (performance ${Math.min(...performance)}–${Math.max(...performance)}, 100 in ${performance.filter((score) => score === 100).length} of ${runs.length})`,
        goal: '100 / 100 / 100 / 100',
        met: scores.every((score) => score === 100),
      });
      const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
      const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN;
      const fcp = lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN;
      const tbt = lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN;
      report.add({
        suite: 'site',
        what: `Lighthouse ${page}: LCP (simulated)`,
        value: `${ms(lcp)} (FCP ${ms(fcp)}, TBT ${ms(tbt)})`,
        goal: '< 1,200 ms',
        met: lcp < 1200,
      });
      report.add({
        suite: 'site',
        what: `Lighthouse ${page}: CLS`,
        value: cls.toFixed(3),
        goal: '< 0.05',
        met: cls < 0.05,
      });
      const failing = Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id);
      if (failing.length) report.note(`Lighthouse ${page}: failing audits: ${failing.join(', ')}`);
      const lcpElement = JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? {}).match(
        /"snippet":"((?:[^"\\]|\\.)*)"/,
      )?.[1];
      if (lcpElement)
        report.note(
          `Lighthouse ${page}: LCP element ${lcpElement.replaceAll('\\"', '"').replaceAll('|', '\\|').slice(0, 160)}`,
        );
      const opportunities = Object.values(lhr.audits)
        .filter((audit) => audit.details?.type === 'opportunity' && (audit.numericValue ?? 0) > 0)
        .map((audit) => `${audit.id} (${Math.round(audit.numericValue ?? 0)} ms)`);
      if (opportunities.length) report.note(`Lighthouse ${page}: opportunities: ${opportunities.join(', ')}`);

      const items = (
        (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []
      ).filter((item) => item.url.startsWith(system.url));
      const by = (types: string[]) =>
        items
          .filter((item) => types.includes(item.resourceType ?? ''))
          .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      const html = by(['Document']);
      const js = by(['Script']);
      const css = by(['Stylesheet']);
      const fonts = by(['Font']);
      const all = items.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
      breakdown.push(
        `| ${page} | ${kb(html)} | ${kb(js)} | ${kb(css)} | ${kb(fonts)} | ${kb(all - html - js - css - fonts)} | ${items.length} |`,
      );
      report.add({
        suite: 'site',
        what: `${page} bytes on the wire (HTML / JS / CSS / fonts)`,
        value: `${kb(html)} / ${kb(js)} / ${kb(css)} / ${kb(fonts)}`,
      });
    }
    report.section(
      'Bytes per page (Lighthouse network records, transfer size as served by the gateway: brotli/gzip as Chromium asks)',
      breakdown.join('\n'),
    );
  } finally {
    chrome.kill();
  }
}
