// /_serverFn/* answered 500 to malformed calls, with TanStack Start's internal messages (issue 42,
// finding 4: "Server function info not found for x", "Seroval Error (step: 3)", "Cannot read
// properties of null"). Against the production build: every malformed call is a 4xx without internals,
// and a well-formed call still works.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";

let server: RunningServer;

/** A server function's id, from the build's own manifest (ids are hashes of file and function). */
function serverFnId(functionName: string): string {
  const bundle = readFileSync(path.resolve(import.meta.dirname, "../../dist/server/server.js"), "utf8");
  const match = new RegExp(
    `"([0-9a-f]{64})": \\{\\s*functionName: "${functionName}_createServerFn_handler"`,
  ).exec(bundle);
  if (!match?.[1]) throw new Error(`no server function ${functionName} in the build`);
  return match[1];
}

const INTERNALS =
  /Seroval|Server function|Cannot read properties|node_modules|at [\w.]+ \(|TypeError|SyntaxError/;

beforeAll(async () => {
  server = await startServer();
}, SERVER_HOOK_TIMEOUT);
afterAll(async () => {
  await server?.stop();
});

function call(id: string, init: { method?: string; body?: string; query?: string; json?: boolean } = {}) {
  const headers: Record<string, string> = { "x-tsr-serverfn": "true", origin: server.baseUrl };
  if (init.json ?? init.body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${server.baseUrl}/_serverFn/${id}${init.query ?? ""}`, {
    method: init.method ?? "POST",
    headers,
    body: init.body,
  });
}

describe("malformed server function calls", () => {
  const unknown = "0".repeat(64);
  it.each([
    ["an unknown function id (POST)", () => call(unknown, { body: "{}" }), 404],
    ["an unknown function id (GET)", () => call(unknown, { method: "GET" }), 404],
    ["a made-up id", () => call("x", { method: "GET" }), 404],
    ["an empty JSON body", () => call(serverFnId("saveThemePreference"), { body: "", json: true }), 400],
    ["a truncated body", () => call(serverFnId("saveThemePreference"), { body: '{"t":{"t":10,"i":0,' }), 400],
    ["a body that is not JSON", () => call(serverFnId("saveThemePreference"), { body: "theme=dark" }), 400],
    ["a JSON array", () => call(serverFnId("saveThemePreference"), { body: "[1,2]" }), 400],
    ["JSON null", () => call(serverFnId("saveThemePreference"), { body: "null" }), 400],
    ["a bad serialization", () => call(serverFnId("saveThemePreference"), { body: '{"t":99,"x":1}' }), 400],
    [
      "a bad serialization (nested)",
      () =>
        call(serverFnId("saveThemePreference"), {
          body: '{"t":10,"i":0,"p":{"k":["data"],"v":[{"t":77}]},"o":0}',
        }),
      400,
    ],
    [
      "a payload parameter that is not JSON",
      () => call(serverFnId("getThemePreference"), { method: "GET", query: "?payload=%7B" }),
      400,
    ],
    [
      "a bad serialized payload parameter",
      () =>
        call(serverFnId("getThemePreference"), {
          method: "GET",
          query: `?payload=${encodeURIComponent('{"t":99}')}`,
        }),
      400,
    ],
  ])("%s: a 4xx without internals", async (_name, send, status) => {
    const response = await send();
    const text = await response.text();
    expect({ status: response.status, text }).toMatchObject({ status });
    expect(text).not.toMatch(INTERNALS);
  });

  it("a well-formed call still works", async () => {
    const response = await call(serverFnId("getThemePreference"), { method: "GET" });
    expect(response.status).toBe(200);
  });
});
