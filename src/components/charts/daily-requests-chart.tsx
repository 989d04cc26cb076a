// Requests per day as stacked bars (successes and errors), in plain SVG: no chart library in the
// bundle for one small chart. Each bar has a <title> tooltip; the figure has a text summary for
// screen readers. The day labels are HTML under the SVG: inside it they were stretched with the bars
// (preserveAspectRatio="none"), which made "1 Nov" read "l Nov" on a phone, and the first one was cut
// at the left edge.
import { counted } from "~/lib/counted.ts";
import { formatDay } from "~/lib/format-date.ts";

export interface DailyPoint {
  day: string;
  requests: number;
  errors: number;
}

const WIDTH = 640;
const HEIGHT = 140;

const dayLabel = formatDay;

/** Which days get a label: every one up to a week, else every other (every fourth on a phone). */
function labelClass(index: number, count: number): string | null {
  if (count <= 7) return "";
  if (index % 4 === 0) return "";
  return index % 2 === 0 ? "hidden sm:block" : null;
}

export function DailyRequestsChart({ points }: { points: DailyPoint[] }) {
  const max = Math.max(1, ...points.map((point) => point.requests));
  const slot = WIDTH / Math.max(points.length, 1);
  const barWidth = Math.max(4, slot * 0.6);
  const plotHeight = HEIGHT;
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
        className="h-36 w-full"
        role="img"
        aria-label={summary}
        preserveAspectRatio="none"
      >
        <line
          x1={0}
          x2={WIDTH}
          y1={plotHeight - 0.5}
          y2={plotHeight - 0.5}
          className="stroke-border"
          strokeWidth={1}
        />
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
            </g>
          );
        })}
      </svg>
      <div className="relative h-4 text-[11px] leading-4 text-muted-foreground" aria-hidden="true">
        {points.map((point, index) => {
          const shown = labelClass(index, points.length);
          if (shown === null) return null;
          const centre = ((index + 0.5) / points.length) * 100;
          // The first label starts at the edge rather than centring on a bar it would stick out of.
          const style = index === 0 ? { left: 0 } : { left: `${centre}%`, transform: "translateX(-50%)" };
          return (
            <span
              key={point.day}
              data-day-label
              className={`absolute whitespace-nowrap ${shown}`}
              style={style}
            >
              {dayLabel(point.day)}
            </span>
          );
        })}
      </div>
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
