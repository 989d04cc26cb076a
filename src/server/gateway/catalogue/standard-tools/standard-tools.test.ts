import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolRunContext } from "../tool-types.ts";
import { evaluateArithmetic } from "./arithmetic.ts";
import { calculate } from "./calculate-tool.ts";
import { fetchWebPage } from "./fetch-web-page-tool.ts";
import { htmlToText } from "./html-to-text.ts";
import { convertTime, dateCalculate, getCurrentTime } from "./time-tools.ts";

const principal = {
  projectId: "p",
  organizationId: "o",
  kind: "api_key" as const,
  apiKeyId: "k",
  oauthClientId: null,
  oauthClientName: null,
  callerName: "test",
  userId: "u",
  person: null,
};
const context = (allowPrivateUrls = false): ToolRunContext => ({
  principal,
  signal: new AbortController().signal,
  allowPrivateUrls,
});
const structured = async (promise: ReturnType<typeof calculate.run>) => {
  const result = await promise;
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as Record<string, unknown>;
};
const errorText = async (promise: ReturnType<typeof calculate.run>) => {
  const result = await promise;
  expect(result.isError).toBe(true);
  return (result.content[0] as { text: string }).text;
};

describe("calculate", () => {
  it.each([
    ["1 + 2 * 3", 7],
    ["(1 + 2) * 3", 9],
    ["2 ^ 3 ^ 2", 512],
    ["-2 ^ 2", -4],
    ["10 % 4", 2],
    ["round(2 / 3, 3)", 0.667],
    ["max(1, 7, 3) + min(4, -1)", 6],
    ["sqrt(16) + abs(-3)", 7],
    ["2 * pi", 2 * Math.PI],
    ["1.5e3 / 3", 500],
  ])("%s = %s", (expression, expected) => {
    expect(evaluateArithmetic(expression)).toBeCloseTo(expected, 10);
  });

  it.each([
    ["1 / 0", "Division by zero."],
    ["2 +", "The expression ends too early."],
    ["process(1)", 'Unknown name "process"'],
    ["1 ; 2", 'Unexpected character ";"'],
    ["(1 + 2", 'Expected ")"'],
    ["constructor(1)+1", 'Unknown name "constructor"'],
    ["__proto__ + 1", 'Unknown name "__proto__"'],
  ])("%s is refused with a clear message", async (expression, message) => {
    expect(await errorText(calculate.run({ expression }, context()))).toContain(message);
  });
});

describe("time tools", () => {
  it("converts across a daylight saving change correctly", async () => {
    // 30 March 2025: Prague switched to CEST (+02:00) at 02:00 local.
    const before = await structured(
      convertTime.run(
        { time: "2025-03-29T12:00", fromTimezone: "Europe/Prague", toTimezone: "UTC" },
        context(),
      ),
    );
    const after = await structured(
      convertTime.run(
        { time: "2025-03-31T12:00", fromTimezone: "Europe/Prague", toTimezone: "UTC" },
        context(),
      ),
    );
    expect(before.to).toMatchObject({ iso: "2025-03-29T11:00:00+00:00" });
    expect(after.to).toMatchObject({ iso: "2025-03-31T10:00:00+00:00" });
    expect(after.from).toMatchObject({ utcOffset: "+02:00", weekday: "Monday" });
  });

  it("reads an instant with an offset regardless of the source zone", async () => {
    const result = await structured(
      convertTime.run({ time: "2026-01-15T09:30:00Z", toTimezone: "America/New_York" }, context()),
    );
    expect(result.to).toMatchObject({ iso: "2026-01-15T04:30:00-05:00", weekday: "Thursday" });
  });

  it("gives the current time in a zone", async () => {
    const result = await structured(getCurrentTime.run({ timezone: "Asia/Kolkata" }, context()));
    expect(result.utcOffset).toBe("+05:30");
    expect(Math.abs((result.unixSeconds as number) - Date.now() / 1000)).toBeLessThan(5);
  });

  it("refuses unknown zones and impossible dates", async () => {
    expect(await errorText(getCurrentTime.run({ timezone: "Mars/Base" }, context()))).toMatch(
      /Unknown time zone/,
    );
    expect(await errorText(convertTime.run({ time: "2026-02-30", toTimezone: "UTC" }, context()))).toMatch(
      /not a real calendar date/,
    );
  });

  it("adds calendar and business days", async () => {
    const result = await structured(
      dateCalculate.run(
        { start: "2026-11-20", add: { businessDays: 3, months: 1 }, timezone: "UTC" },
        context(),
      ),
    );
    // 20 Dec 2026 is a Sunday; three business days later is Wednesday 23 Dec.
    expect(result.result).toMatchObject({ iso: "2026-12-23T00:00:00+00:00", weekday: "Wednesday" });
  });

  it("measures the difference between two dates, in business days too", async () => {
    const result = await structured(dateCalculate.run({ start: "2026-11-20", end: "2026-12-01" }, context()));
    expect(result.difference).toEqual({ days: 11, weeks: 1.57, hours: 264, businessDays: 7 });
  });

  it("keeps the wall-clock hour when adding a day across DST", async () => {
    const result = await structured(
      dateCalculate.run(
        { start: "2025-03-29T09:00", add: { days: 1 }, timezone: "Europe/Prague" },
        context(),
      ),
    );
    expect(result.result).toMatchObject({ iso: "2025-03-30T09:00:00+02:00" });
  });
});

describe("html to text", () => {
  it("keeps headings, lists and absolute links, drops scripts and chrome", () => {
    const text = htmlToText(
      `<html><head><title>x</title><script>alert(1)</script></head><body><nav>Menu</nav>
       <h1>Pricing &amp; plans</h1><p>Start <a href="/pricing#free">free</a> today.</p>
       <ul><li>One</li><li>Two</li></ul><style>p{}</style></body></html>`,
      "https://example.com/docs/",
    );
    expect(text).toBe(
      "# Pricing & plans\n\nStart [free](https://example.com/pricing#free) today.\n\n- One\n- Two",
    );
  });
});

describe("fetch_web_page", () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/image") {
        response.writeHead(200, { "content-type": "image/png" }).end("png");
        return;
      }
      response
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end("<title>Local page</title><h2>Hello</h2><p>World</p>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("returns a page's title and readable text", async () => {
    const result = await structured(fetchWebPage.run({ url: `${origin}/page` }, context(true)));
    expect(result).toMatchObject({
      status: 200,
      title: "Local page",
      text: "## Hello\n\nWorld",
      truncated: false,
    });
  });

  it("refuses private addresses unless development allows them", async () => {
    expect(await errorText(fetchWebPage.run({ url: `${origin}/page` }, context(false)))).toMatch(
      /not allowed/,
    );
    expect(
      await errorText(fetchWebPage.run({ url: "http://169.254.169.254/latest/meta-data/" }, context(false))),
    ).toMatch(/not allowed/);
  });

  it("refuses binary content and cuts long text", async () => {
    expect(await errorText(fetchWebPage.run({ url: `${origin}/image` }, context(true)))).toMatch(
      /image\/png/,
    );
    const short = await structured(
      fetchWebPage.run({ url: `${origin}/page`, maxCharacters: 100 }, context(true)),
    );
    expect(short.truncated).toBe(false);
  });
});
