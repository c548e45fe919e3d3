/**
 * Vertical bars drawn as plain SVG, scaled to the card's width (a month of days fits without scrolling) (no chart library: two bar charts do not pay for one in the
 * bundle). Each bar carries its label and value as a <title> and in the table beside it for
 * screen readers; the numbers stay readable without the drawing.
 */
export interface Bar {
  /** Unique among the chart's bars (a day, a user id). */
  key: string;
  label: string;
  value: number;
}

const HEIGHT = 160;
const BAR = 22;
const GAP = 8;

export function BarChart({ bars, title, color = "#2d72d2" }: { bars: Bar[]; title: string; color?: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  const width = Math.max(bars.length * (BAR + GAP) + GAP, 120);
  return (
    <figure className="reports-chart" aria-label={title}>
      <figcaption className="reports-chart-title">{title}</figcaption>
      <div className="reports-chart-scroll">
        <svg role="img" aria-label={title} viewBox={`0 0 ${width} ${HEIGHT + 40}`} style={{ width: "100%", maxWidth: width * 1.5, height: "auto" }}>
          {bars.map((b, i) => {
            const h = Math.round((b.value / max) * HEIGHT);
            const x = GAP + i * (BAR + GAP);
            return (
              <g key={b.key} data-testid="bar">
                <title>{`${b.label}: ${b.value}`}</title>
                <rect x={x} y={HEIGHT - h + 14} width={BAR} height={h} rx={3} fill={color} />
                <text x={x + BAR / 2} y={HEIGHT - h + 10} textAnchor="middle" fontSize="10">
                  {b.value}
                </text>
                <text x={x + BAR / 2} y={HEIGHT + 30} textAnchor="middle" fontSize="9">
                  {b.label.length > 6 ? `${b.label.slice(0, 5)}…` : b.label}
                </text>
              </g>
            );
          })}
        </svg>
      </div>
    </figure>
  );
}
