import { useId } from 'react';
import type { DayFigures } from '../api/get-waitlist-analytics.js';
import { formatDay, formatNumber } from '../../../lib/format.js';
import { TableScroller } from '../../../components/admin/data-table.js';

const WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 40 };
const PLOT_WIDTH = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom;

/** A y-axis top that is a round number, with four even steps. */
function niceMax(value: number): number {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate * 4 >= value);
  return (step ?? 10 * magnitude) * 4;
}

function summary(days: DayFigures[]): string {
  if (days.length === 0) return 'No days in this period.';
  const signups = days.reduce((sum, day) => sum + day.signups, 0);
  const confirmations = days.reduce((sum, day) => sum + day.confirmations, 0);
  const busiest = days.reduce((best, day) => (day.signups > best.signups ? day : best), days[0]!);
  const first = days[0]!;
  const last = days[days.length - 1]!;
  const range = `${formatDay(first.date)} to ${formatDay(last.date)}`;
  if (signups === 0 && confirmations === 0) return `No sign-ups or confirmations from ${range}.`;
  return (
    `From ${range}: ${formatNumber(signups)} sign-ups and ${formatNumber(confirmations)} confirmations. ` +
    `Busiest day ${formatDay(busiest.date)} with ${formatNumber(busiest.signups)} sign-ups.`
  );
}

/**
 * Sign-ups and confirmations per day as grouped bars, drawn by hand in SVG (no chart library for one chart).
 * Screen readers get a one-sentence summary, and everyone can open the exact figures as a table.
 */
export function SignupsChart({ days }: { days: DayFigures[] }) {
  const titleId = useId();
  const descId = useId();
  const top = niceMax(Math.max(0, ...days.map((day) => Math.max(day.signups, day.confirmations))));
  const slot = PLOT_WIDTH / Math.max(days.length, 1);
  const barWidth = Math.max(1, (slot * 0.8) / 2);
  const y = (value: number) => MARGIN.top + PLOT_HEIGHT - (value / top) * PLOT_HEIGHT;
  const ticks = [0, 1, 2, 3, 4].map((step) => (top / 4) * step);
  // Roughly eight date labels, whatever the period's length.
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));

  return (
    <figure className="adm-chart">
      <ul className="adm-chart__legend" aria-hidden="true">
        <li className="adm-chart__key adm-chart__key--signups">Sign-ups</li>
        <li className="adm-chart__key adm-chart__key--confirmations">Confirmations</li>
      </ul>
      <svg
        className="adm-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>Sign-ups and confirmations per day</title>
        <desc id={descId}>{summary(days)}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="adm-chart__grid" x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} />
            <text
              className="adm-chart__axis"
              x={MARGIN.left - 6}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
            >
              {formatNumber(tick)}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          const x = MARGIN.left + index * slot + slot * 0.1;
          return (
            <g key={day.date}>
              <rect
                className="adm-chart__bar adm-chart__bar--signups"
                x={x}
                width={barWidth}
                y={y(day.signups)}
                height={y(0) - y(day.signups)}
              >
                <title>{`${formatDay(day.date)}: ${formatNumber(day.signups)} sign-ups`}</title>
              </rect>
              <rect
                className="adm-chart__bar adm-chart__bar--confirmations"
                x={x + barWidth}
                width={barWidth}
                y={y(day.confirmations)}
                height={y(0) - y(day.confirmations)}
              >
                <title>{`${formatDay(day.date)}: ${formatNumber(day.confirmations)} confirmations`}</title>
              </rect>
              {index % labelEvery === 0 && (
                <text className="adm-chart__axis" x={x + barWidth} y={HEIGHT - 8} textAnchor="middle">
                  {formatDay(day.date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <details className="adm-chart__data">
        <summary>Show the figures as a table</summary>
        <TableScroller label="Sign-ups and confirmations per day">
          <table className="adm-table">
            <caption className="adm-visually-hidden">Sign-ups and confirmations per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Sign-ups</th>
                <th scope="col">Confirmations</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{formatDay(day.date)}</th>
                  <td>{formatNumber(day.signups)}</td>
                  <td>{formatNumber(day.confirmations)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      </details>
    </figure>
  );
}
