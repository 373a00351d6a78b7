import type { DashboardDay } from '@lending/contract';

export interface DailySeries {
  key: string;
  label: string;
  color: string;
  value: (day: DashboardDay) => number;
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 36 };

/**
 * A small grouped bar chart of daily counts, drawn as inline SVG: the dashboard needs one chart,
 * and a charting library would weigh more than the whole page.
 */
export function DailyChart({
  days,
  series,
  title,
}: {
  days: readonly DashboardDay[];
  series: readonly DailySeries[];
  title: string;
}) {
  const max = Math.max(1, ...days.flatMap((day) => series.map((s) => s.value(day))));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const bar = Math.max(1, (slot * 0.8) / series.length);
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  // Label every day on short ranges, about every fifth on a month.
  const labelEvery = days.length > 10 ? Math.ceil(days.length / 6) : 1;
  const ticks = [0, Math.round(max / 2), max].filter((v, i, all) => all.indexOf(v) === i);

  return (
    <figure style={{ margin: 0 }}>
      <svg
        role="img"
        aria-label={title}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        style={{ width: '100%', height: 'auto', display: 'block' }}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#f0f0f0" />
            <text x={PAD.left - 6} y={y(tick) + 4} fontSize="11" textAnchor="end" fill="#8c8c8c">
              {tick}
            </text>
          </g>
        ))}
        {days.map((day, index) => {
          const x0 = PAD.left + index * slot + slot * 0.1;
          return (
            <g key={day.date}>
              {series.map((s, si) => {
                const value = s.value(day);
                return (
                  <rect
                    key={s.key}
                    x={x0 + si * bar}
                    y={y(value)}
                    width={Math.max(1, bar - 1)}
                    height={Math.max(0, PAD.top + plotHeight - y(value))}
                    fill={s.color}
                  >
                    <title>{`${day.date} · ${s.label}: ${value}`}</title>
                  </rect>
                );
              })}
              {index % labelEvery === 0 ? (
                <text
                  x={PAD.left + index * slot + slot / 2}
                  y={HEIGHT - 8}
                  fontSize="11"
                  textAnchor="middle"
                  fill="#595959"
                >
                  {day.date.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption style={{ display: 'flex', gap: 16, flexWrap: 'wrap', fontSize: 12 }}>
        {series.map((s) => (
          <span key={s.key}>
            <span
              aria-hidden
              style={{
                display: 'inline-block',
                width: 10,
                height: 10,
                background: s.color,
                marginRight: 4,
              }}
            />
            {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
