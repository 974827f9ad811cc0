import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
const [,, url, n='3', save=''] = process.argv;
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update'], logLevel: 'silent' });
for (let i = 0; i < Number(n); i++) {
  const r = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const a = r.lhr.audits;
  const lt = (a['long-tasks'].details?.items ?? []).map(t => `${(t.url.split('/').pop()||t.url).slice(0,20)}:${Math.round(t.duration)}@${Math.round(t.startTime)}`).join(' ');
  console.log(Math.round(r.lhr.categories.performance.score*100), 'TBT', Math.round(a['total-blocking-time'].numericValue), 'LCP', Math.round(a['largest-contentful-paint'].numericValue), '|', lt);
  if (save) writeFileSync(`${save}-${i}.json`, JSON.stringify(r.artifacts.Trace ?? r.artifacts.traces?.defaultPass));
}
await chrome.kill();
