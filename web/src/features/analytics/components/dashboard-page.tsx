import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths.js';
import { useWaitlistStats, type ActivityItem } from '../api/get-waitlist-stats.js';
import { formatDateTime, formatNumber, formatRelative } from '../../../lib/format.js';
import { QueryState } from '../../../components/admin/query-state.js';
import { useSecondsSince } from '../../../lib/live.js';

function StatCard({ label, value, note }: { label: string; value: string; note: ReactNode }) {
  return (
    <section className="adm-card adm-stat" aria-label={label}>
      <h2 className="adm-stat__label">{label}</h2>
      <p className="adm-stat__value">{value}</p>
      <p className="adm-stat__note">{note}</p>
    </section>
  );
}

const LANE_NAMES = {
  first: 'Confirmations and data links',
  invitations: 'Invitations',
  others: 'Welcome and other mail',
} as const;

/** "none owed", "12 s", "4 min", "2 h": how long the oldest owed mail of a lane has waited. */
function describeWait(seconds: number): string {
  if (seconds <= 0) return 'none owed';
  if (seconds < 90) return `oldest waiting ${Math.round(seconds)} s`;
  if (seconds < 5400) return `oldest waiting ${Math.round(seconds / 60)} min`;
  return `oldest waiting ${Math.round(seconds / 3600)} h`;
}

interface DashboardPageProps {
  /** Entries and credits waiting in the review queue (from the review feature, composed by the route). */
  reviewCount?: number | undefined;
  /** Where the queue is decided: admins only. */
  reviewPath?: string | undefined;
  /** Banners of other features under the heading (cities awaiting their opening), composed by the route. */
  banners?: ReactNode;
}

function describeActivity(item: ActivityItem): string {
  return item.type === 'signup' ? `${item.email} joined the waitlist` : `${item.email} confirmed their address`;
}

export function DashboardPage({ reviewCount, reviewPath, banners }: DashboardPageProps = {}) {
  const stats = useWaitlistStats();
  const data = stats.data;
  const loading = stats.isPending ? '…' : '—';
  const age = useSecondsSince(stats.dataUpdatedAt);

  return (
    <div className="adm-page">
      <div className="adm-page__head">
        <h1 className="adm-page__title">Dashboard</h1>
        {/* Not a live region: a screen reader would hear it every second. */}
        <p className="adm-muted adm-updated">
          {age === undefined ? 'Loading the figures…' : `Updated ${age} s ago · refreshes every 10 s`}
        </p>
      </div>
      {banners}
      <QueryState
        isPending={false}
        error={stats.error}
        label="the waitlist figures"
        onRetry={() => void stats.refetch()}
      />
      <div className="adm-stats">
        <StatCard
          label="Total Users"
          value={data ? formatNumber(data.total) : loading}
          note={data ? `on the waitlist, ${formatNumber(data.confirmed)} confirmed` : 'on the waitlist'}
        />
        <StatCard label="Active Matches" value="Not yet" note="Matching starts when the app launches." />
        <StatCard
          label="New Signups Today"
          value={data ? formatNumber(data.today) : loading}
          note="since midnight (UTC)"
        />
        <StatCard
          label="Waiting for review"
          value={reviewCount === undefined ? '…' : formatNumber(reviewCount)}
          note={
            reviewPath ? (
              <Link to={reviewPath}>Open the review queue</Link>
            ) : (
              'flagged sign-ups and held referral credits'
            )
          }
        />
      </div>
      {data?.mailLanes ? (
        <section className="adm-card" aria-labelledby="mail-lanes">
          <h2 id="mail-lanes" className="adm-section-title">
            Mail owed, by lane
          </h2>
          <ul className="adm-activity__list">
            {data.mailLanes.map(({ lane, oldestOwedSeconds }) => (
              <li key={lane} className="adm-activity__item">
                <span>{LANE_NAMES[lane]}</span> <span className="adm-muted">{describeWait(oldestOwedSeconds)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="adm-card adm-activity" aria-labelledby="recent-activity">
        <h2 id="recent-activity" className="adm-section-title">
          Recent Activity
        </h2>
        {data && data.recent.length > 0 ? (
          <ol className="adm-activity__list">
            {data.recent.map((item) => (
              <li
                key={`${item.type}-${item.email}-${item.at}`}
                className={`adm-activity__item adm-activity__item--${item.type}`}
              >
                <span>{describeActivity(item)}</span>
                <time dateTime={item.at} title={formatDateTime(item.at)} className="adm-muted">
                  {formatRelative(item.at)}
                </time>
              </li>
            ))}
          </ol>
        ) : (
          <p className="adm-muted">{stats.isPending ? 'Loading...' : 'Activity feed will be displayed here...'}</p>
        )}
        <p>
          <Link to={paths.admin.users}>See all sign-ups</Link>
        </p>
      </section>
    </div>
  );
}
