/** The periods the analytics screen offers, in days (today included). */
export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriodDays = (typeof ANALYTICS_PERIODS)[number];

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last `days` UTC days ending today, as the analytics call wants them (YYYY-MM-DD, inclusive). */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  const from = new Date(now.getTime());
  from.setUTCDate(from.getUTCDate() - (days - 1));
  return { from: isoDay(from), to: isoDay(now) };
}

/**
 * Every day from `from` to `to`, so days without sign-ups still appear as zero in the chart whether or not the
 * service lists them.
 */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const cursor = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  while (cursor <= end && days.length < 366) {
    days.push(isoDay(cursor));
    cursor.setUTCDate(cursor.getUTCDate() + 1);
  }
  return days;
}
