import { formatCalendarDay } from '@domain/format';

interface TrendChartProps {
  /** Unique on the page: ids for the title and description. */
  id: string;
  title: string;
  days: { day: string; value: number }[];
  format: (value: number) => string;
}

const WIDTH = 300;
const HEIGHT = 90;

/**
 * A small bar chart drawn as SVG on the server (no script, no chart library). Screen readers get
 * the title, a one-line summary and the figures as a table beneath (visually hidden).
 */
export function TrendChart({ id, title, days, format }: TrendChartProps) {
  const max = Math.max(1, ...days.map((d) => d.value));
  const total = days.reduce((sum, d) => sum + d.value, 0);
  const lastWeek = days.slice(-7).reduce((sum, d) => sum + d.value, 0);
  const barWidth = WIDTH / days.length;
  const summary = `${format(lastWeek)} in the last 7 days, ${format(total)} in the last ${days.length}.`;
  return (
    <figure className="trend-chart">
      <figcaption id={`${id}-title`}>
        <strong>{title}</strong>
        <span className="trend-chart__summary">{summary}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        preserveAspectRatio="none"
        className="trend-chart__svg"
      >
        <line x1="0" y1={HEIGHT - 0.5} x2={WIDTH} y2={HEIGHT - 0.5} className="trend-chart__axis" />
        {days.map((d, i) => {
          const h = (d.value / max) * (HEIGHT - 4);
          return (
            <rect
              key={d.day}
              x={i * barWidth + 1}
              y={HEIGHT - h}
              width={Math.max(1, barWidth - 2)}
              height={h}
              className={
                i >= days.length - 7
                  ? 'trend-chart__bar trend-chart__bar--recent'
                  : 'trend-chart__bar'
              }
            >
              <title>{`${formatCalendarDay(d.day)}: ${format(d.value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>{title} by day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">{title}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.day}>
              <td>{formatCalendarDay(d.day)}</td>
              <td>{format(d.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
