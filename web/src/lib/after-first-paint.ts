/**
 * How long after the load event we still wait for a first paint before starting anyway: a page that never reports
 * one (a browser quirk, a tab kept in the background) must still become interactive.
 */
export const PAINT_WAIT_AFTER_LOAD_MS = 3000;

/**
 * Calls `start` once, after the browser has presented the page's first contentful paint (the Paint Timing entry is
 * only delivered once the frame is on screen). Pre-rendered pages paint without JavaScript, so whatever `start`
 * requests then cannot delay that paint; Lighthouse's simulation charges every request that finished before the
 * largest paint to LCP (docs/performance.md). Without Paint Timing, `start` runs after the load event.
 */
export function afterFirstPaint(start: () => void): void {
  let started = false;
  let observer: PerformanceObserver | undefined;
  const once = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    start();
  };

  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) once();
    });
    // `buffered`: a paint that happened before this script ran is reported too.
    observer.observe({ type: 'paint', buffered: true });
    onLoad(() => setTimeout(once, PAINT_WAIT_AFTER_LOAD_MS));
  } else {
    onLoad(once);
  }
}

function onLoad(callback: () => void): void {
  if (document.readyState === 'complete') callback();
  else window.addEventListener('load', callback, { once: true });
}
