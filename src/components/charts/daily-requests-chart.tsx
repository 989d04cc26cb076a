// Requests per day as stacked bars (successes and errors), in plain SVG: no chart library in the
// bundle for one small chart. Each bar has a <title> tooltip; the figure has a text summary for
// screen readers.
import { counted } from "~/lib/counted.ts";

export interface DailyPoint {
  day: string;
  requests: number;
  errors: number;
}

const WIDTH = 640;
const HEIGHT = 160;
const AXIS = 20;

const dayLabel = (day: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );

export function DailyRequestsChart({ points }: { points: DailyPoint[] }) {
  const max = Math.max(1, ...points.map((point) => point.requests));
  const slot = WIDTH / Math.max(points.length, 1);
  const barWidth = Math.max(4, slot * 0.6);
  const plotHeight = HEIGHT - AXIS;
  const total = points.reduce((sum, point) => sum + point.requests, 0);
  const errors = points.reduce((sum, point) => sum + point.errors, 0);
  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last
      ? `${counted(total, "request")} and ${counted(errors, "error")} between ${dayLabel(first.day)} and ${dayLabel(last.day)}`
      : "No data";

  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-40 w-full"
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
      >
        <line x1={0} x2={WIDTH} y1={plotHeight} y2={plotHeight} className="stroke-border" strokeWidth={1} />
        {points.map((point, index) => {
          const x = index * slot + (slot - barWidth) / 2;
          const successHeight = ((point.requests - point.errors) / max) * (plotHeight - 4);
          const errorHeight = (point.errors / max) * (plotHeight - 4);
          return (
            <g key={point.day}>
              <title>{`${dayLabel(point.day)}: ${counted(point.requests, "request")}, ${counted(point.errors, "error")}`}</title>
              <rect x={x} y={0} width={barWidth} height={plotHeight} className="fill-transparent" />
              <rect
                x={x}
                y={plotHeight - successHeight - errorHeight}
                width={barWidth}
                height={successHeight}
                className="fill-primary"
                rx={2}
              />
              <rect
                x={x}
                y={plotHeight - errorHeight}
                width={barWidth}
                height={errorHeight}
                className="fill-destructive"
                rx={2}
              />
              {index % 2 === 0 || points.length <= 7 ? (
                <text
                  x={x + barWidth / 2}
                  y={HEIGHT - 4}
                  textAnchor="middle"
                  className="fill-muted-foreground text-[10px]"
                >
                  {dayLabel(point.day)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex items-center gap-4 text-xs text-muted-foreground">
        <span className="flex items-center gap-1">
          <span className="inline-block size-2.5 rounded-sm bg-primary" aria-hidden="true" /> Successful
        </span>
        <span className="flex items-center gap-1">
          <span className="inline-block size-2.5 rounded-sm bg-destructive" aria-hidden="true" /> Errors
        </span>
        <span className="ml-auto">Peak {max === 1 && total === 0 ? 0 : max} per day</span>
      </figcaption>
    </figure>
  );
}
