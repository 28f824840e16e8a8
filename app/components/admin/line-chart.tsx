// A small line chart in inline SVG for the console's dashboard (issue 17): no chart library. The
// drawing scales with its box (viewBox, width 100%), so one set of coordinates serves a phone and a
// desktop; the base size is small so its labels stay readable when it grows. Each day has a hit area
// with a <title> (the browser's tooltip on hover); screen readers get the svg's title and summary (an
// svg with role img hides its parts from them) and a visually hidden table of every value.
import { useId } from 'react';

export interface ChartPoint {
  /** The x value as shown (a day). */
  label: string;
  value: number;
}

export interface LineChartProps {
  /** What the chart shows, e.g. "Page views": the svg's title and the table's caption. */
  title: string;
  /** One sentence about the data (total, peak) for assistive technology. */
  summary: string;
  points: ChartPoint[];
  /** Column headers of the hidden table. */
  labelHeader: string;
  valueHeader: string;
  formatValue?: (value: number) => string;
  /** Short x-axis labels (the day without its year); defaults to `label`. */
  formatLabel?: (label: string) => string;
  /** A CSS colour for the line; the site's accent by default. */
  color?: string;
}

const WIDTH = 320;
const HEIGHT = 150;
const PAD = { top: 10, right: 10, bottom: 22, left: 36 };

/**
 * A "nice" upper bound at or above `max` whose half is a round number too (2, 4, 6, 8 or 10 times a
 * power of ten), so the three axis labels (0, half, top) of counts are whole numbers; never below 2.
 */
export function niceMax(max: number): number {
  if (!(max > 2)) return 2;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [2, 4, 6, 8, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** 1.2k, 3.4M: axis labels stay short. */
export function compactNumber(value: number): string {
  if (value >= 1e6) return `${Number((value / 1e6).toFixed(1))}M`;
  if (value >= 1e3) return `${Number((value / 1e3).toFixed(1))}k`;
  return String(Math.round(value));
}

export function LineChart({
  title,
  summary,
  points,
  labelHeader,
  valueHeader,
  formatValue = (v) => v.toLocaleString(),
  formatLabel = (l) => l,
  color = 'var(--c-accent)',
}: LineChartProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const top = niceMax(Math.max(0, ...points.map((p) => p.value)));
  const n = points.length;
  const x = (i: number) => PAD.left + (n <= 1 ? plotW / 2 : (i * plotW) / (n - 1));
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH;
  const line = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`);
  const baseline = PAD.top + plotH;
  const area =
    n > 0 ? `${line.join(' ')} L${x(n - 1).toFixed(1)},${baseline} L${x(0).toFixed(1)},${baseline} Z` : '';
  const ticks = [0, top / 2, top];
  // First, middle and last day under the axis.
  const xTicks = n === 0 ? [] : [...new Set([0, Math.floor((n - 1) / 2), n - 1])];
  const slot = n <= 1 ? plotW : plotW / (n - 1);

  return (
    <figure className="line-chart">
      <svg
        className="line-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{summary}</desc>
        <g className="line-chart__grid">
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} />
              <text x={PAD.left - 4} y={y(tick)} dy="0.32em" textAnchor="end">
                {compactNumber(tick)}
              </text>
            </g>
          ))}
          {xTicks.map((i) => (
            <text
              key={i}
              x={x(i)}
              y={HEIGHT - 6}
              textAnchor={n > 1 && i === 0 ? 'start' : n > 1 && i === n - 1 ? 'end' : 'middle'}
            >
              {formatLabel(points[i]!.label)}
            </text>
          ))}
        </g>
        {n > 0 ? (
          <>
            <path className="line-chart__area" d={area} style={{ fill: color }} />
            <path className="line-chart__line" d={line.join(' ')} style={{ stroke: color }} />
          </>
        ) : null}
        {points.map((p, i) => (
          <g key={p.label} className="line-chart__point">
            <rect
              x={Math.max(PAD.left, x(i) - slot / 2)}
              y={PAD.top}
              width={Math.min(slot, plotW)}
              height={plotH}
              className="line-chart__hit"
            >
              <title>{`${p.label}: ${formatValue(p.value)}`}</title>
            </rect>
            <circle
              cx={x(i)}
              cy={y(p.value)}
              r={n > 45 ? 1.2 : 2}
              style={{ fill: color }}
              className="line-chart__dot"
            />
          </g>
        ))}
      </svg>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{labelHeader}</th>
            <th scope="col">{valueHeader}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.label}>
              <td>{p.label}</td>
              <td>{formatValue(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
