import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, PAINT_WAIT_AFTER_LOAD_MS } from './after-first-paint.js';

/** A stand-in for the browser's PerformanceObserver: the test decides when paint entries arrive. */
class FakePaintObserver {
  static supportedEntryTypes: readonly string[] = ['paint'];
  static instances: FakePaintObserver[] = [];
  observing = false;

  constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }) => void) {
    FakePaintObserver.instances.push(this);
  }

  observe(options: { type: string }): void {
    expect(options.type).toBe('paint');
    this.observing = true;
  }

  disconnect(): void {
    this.observing = false;
  }

  /** The browser reporting paint entries with these names. */
  report(...names: string[]): void {
    if (this.observing) this.callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) });
  }
}

function pretendLoading(): void {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
}

describe('afterFirstPaint', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakePaintObserver.instances = [];
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('starts once the first contentful paint is reported, not at load or at the first (empty) paint', () => {
    pretendLoading();
    const start = vi.fn();
    afterFirstPaint(start);

    window.dispatchEvent(new Event('load'));
    FakePaintObserver.instances[0]!.report('first-paint');
    expect(start).not.toHaveBeenCalled();

    FakePaintObserver.instances[0]!.report('first-paint', 'first-contentful-paint');
    expect(start).toHaveBeenCalledTimes(1);
    expect(FakePaintObserver.instances[0]!.observing).toBe(false);

    // The fallback timer must not start the app a second time.
    vi.advanceTimersByTime(PAINT_WAIT_AFTER_LOAD_MS * 2);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts anyway a while after load when no paint is ever reported (a page kept in the background)', () => {
    pretendLoading();
    const start = vi.fn();
    afterFirstPaint(start);

    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(PAINT_WAIT_AFTER_LOAD_MS - 1);
    expect(start).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at the load event in a browser without Paint Timing', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    pretendLoading();
    const start = vi.fn();
    afterFirstPaint(start);
    expect(start).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('load'));
    expect(start).toHaveBeenCalledTimes(1);
  });
});
