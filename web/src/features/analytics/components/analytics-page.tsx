import { useMemo, useState } from 'react';
import { useWaitlistAnalytics, type DayFigures } from '../api/get-waitlist-analytics.js';
import { formatNumber, formatPercent } from '../../../lib/format.js';
import { ANALYTICS_PERIODS, daysBetween, lastDays, type AnalyticsPeriodDays } from '../lib/periods.js';
import { QueryState } from '../../../components/admin/query-state.js';
import { SignupsChart } from './signups-chart.js';
import { TableScroller } from '../../../components/admin/data-table.js';

export function AnalyticsPage() {
  const [periodDays, setPeriodDays] = useState<AnalyticsPeriodDays>(30);
  // The period is fixed when chosen, so the query key (and its cache) stays stable while the screen is open.
  const period = useMemo(() => lastDays(periodDays), [periodDays]);
  const analytics = useWaitlistAnalytics(period);
  const data = analytics.data;

  const days = useMemo<DayFigures[]>(() => {
    if (!data) return [];
    const byDate = new Map(data.days.map((day) => [day.date, day]));
    return daysBetween(period.from, period.to).map(
      (date) => byDate.get(date) ?? { date, signups: 0, confirmations: 0 },
    );
  }, [data, period]);

  return (
    <div className="adm-page">
      <h1 className="adm-page__title">Analytics</h1>
      <fieldset className="adm-segmented">
        <legend className="adm-field__label">Period</legend>
        {ANALYTICS_PERIODS.map((option) => (
          <label key={option} className="adm-segmented__option">
            <input
              type="radio"
              name="period"
              value={option}
              checked={periodDays === option}
              onChange={() => setPeriodDays(option)}
            />
            <span>Last {option} days</span>
          </label>
        ))}
      </fieldset>
      <QueryState query={analytics} label="analytics" />
      {data && (
        <>
          <section className="adm-card" aria-labelledby="per-day">
            <h2 id="per-day" className="adm-section-title">
              Sign-ups and confirmations per day
            </h2>
            <SignupsChart days={days} />
          </section>
          <div className="adm-stats">
            <section className="adm-card adm-stat" aria-label="Confirmation rate">
              <h2 className="adm-stat__label">Confirmation rate</h2>
              <p className="adm-stat__value">
                {data.confirmationRate === null ? '—' : formatPercent(data.confirmationRate)}
              </p>
              <p className="adm-stat__note">of the period's sign-ups have confirmed their address</p>
            </section>
            <section className="adm-card adm-referrals" aria-labelledby="top-referrals">
              <h2 id="top-referrals" className="adm-section-title">
                Top referral sources
              </h2>
              {data.topReferralSources.length === 0 ? (
                <p className="adm-muted">No referral codes used in this period.</p>
              ) : (
                <TableScroller label="Top referral sources">
                  <table className="adm-table">
                    <thead>
                      <tr>
                        <th scope="col">Source</th>
                        <th scope="col">Sign-ups</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.topReferralSources.map((row) => (
                        <tr key={row.source}>
                          <th scope="row">{row.source}</th>
                          <td>{formatNumber(row.count)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableScroller>
              )}
            </section>
          </div>
        </>
      )}
    </div>
  );
}
