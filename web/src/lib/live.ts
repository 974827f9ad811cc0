import { useEffect, useState } from 'react';

/**
 * How often the panel's live figures (dashboard, review count) are fetched again while the page is visible.
 * react-query stops interval refetches while the tab is hidden (refetchIntervalInBackground: false, its default) and
 * fetches at once when it is shown again (refetchOnWindowFocus).
 */
export const LIVE_REFRESH_MS = 10_000;

/** Whole seconds since `since` (a Date.now() value; 0 means never), ticking every second while mounted. */
export function useSecondsSince(since: number): number | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return since > 0 ? Math.max(0, Math.floor((now - since) / 1000)) : undefined;
}
