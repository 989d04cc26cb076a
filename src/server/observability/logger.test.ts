import { afterEach, describe, expect, it } from "vitest";
import { configureLogging, flushLogs, log, setLogOutput } from "./logger.ts";

function capture(): string[] {
  const lines: string[] = [];
  configureLogging({ level: "info", format: "json" });
  setLogOutput((text) => lines.push(...text.split("\n").filter(Boolean)));
  return lines;
}

afterEach(() => setLogOutput(null));

describe("the JSON log", () => {
  it("writes one JSON object a line with the time of now, to the millisecond, in ISO 8601", () => {
    const lines = capture();
    const before = Date.now();
    log.info("tool call", { tool: "calculate", durationMs: 1.5, outcome: "success" });
    flushLogs();
    const after = Date.now();
    const entry = JSON.parse(lines[0] as string) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: "info", msg: "tool call", tool: "calculate", durationMs: 1.5 });
    expect(entry.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const time = Date.parse(entry.time as string);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(after);
  });

  it("escapes what JSON must: quotes, backslashes, control characters, lone surrogates", () => {
    const lines = capture();
    const values = [
      'say "hi"',
      "C:\\path",
      "line\nbreak\ttab\u0001",
      "half \ud800 pair",
      "ümlaut ✓ 😀",
      "plain id_1.2:3/4@x-y",
    ];
    for (const value of values) log.info('message "quoted"', { value });
    flushLogs();
    expect(lines.map((line) => JSON.parse(line) as { msg: string; value: string })).toEqual(
      values.map((value) => expect.objectContaining({ msg: 'message "quoted"', value })),
    );
  });
});
