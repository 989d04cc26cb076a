// How long a call took, honestly at every scale (issue 43): most standard-tool calls take well under a
// millisecond, which whole milliseconds showed as "0 ms". Durations are measured to 0.1 ms.

/** "< 0.1 ms", "0.4 ms", "12 ms", "1.5 s". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "—";
  if (ms < 0.1) return "< 0.1 ms";
  if (ms < 10) return `${(Math.round(ms * 10) / 10).toString()} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(Math.round(ms / 100) / 10).toString()} s`;
}
