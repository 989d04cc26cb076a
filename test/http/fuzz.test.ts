// Random and mutated requests against the running server: /mcp, /api/v1, /api/trpc and /api/auth must
// answer every one with something other than a 5xx, and the process must stay up. The seed is fixed, so
// a failure replays exactly. FUZZ_COUNT sets how many requests (500 by default; the figure is
// `FUZZ_COUNT=10000 npx vitest run test/http/fuzz.test.ts`), FUZZ_SEED another seed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpClient } from "../support/http-client.ts";
import { type RunningServer, SERVER_HOOK_TIMEOUT, startServer } from "../support/server.ts";
import { newUser } from "../support/users.ts";

const COUNT = Number(process.env.FUZZ_COUNT ?? 500);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const CONCURRENCY = 8;

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "💥".repeat(50),
  "x".repeat(5000),
  "../../etc/passwd",
  "%00",
  "%E0%A4%A",
  "<script>alert(1)</script>",
  "'; drop table user; --",
  "constructor",
  "__proto__",
  "null",
  "1e309",
  "ptk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  "http://[::127.0.0.1]/",
  "http://169.254.169.254/latest/meta-data/",
  "2026-13-45T99:99",
];

/** encodeURIComponent, except that a lone surrogate (which it refuses) is sent as raw UTF-8 bytes would be. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
}

/** The nasty strings a header can carry (fetch refuses the others before sending). */
const HEADER_SAFE = NASTY_STRINGS.filter((text) => /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(text));

function randomValue(random: Random, depth = 0): unknown {
  const kind = random.int(depth > 3 ? 5 : 8);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random.next() < 0.5;
    case 2:
      return random.pick([0, -1, 1.5, 2 ** 53, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER + 2]);
    case 3:
    case 4:
      return random.pick(NASTY_STRINGS);
    case 5:
      return Array.from({ length: random.int(4) }, () => randomValue(random, depth + 1));
    default: {
      const keys = [
        "name",
        "id",
        "email",
        "password",
        "projectId",
        "organizationId",
        "json",
        "meta",
        "__proto__",
      ];
      return Object.fromEntries(
        Array.from({ length: random.int(5) }, () => [random.pick(keys), randomValue(random, depth + 1)]),
      );
    }
  }
}

/** A valid-looking value with one part replaced by something random. */
function mutate(random: Random, value: unknown, depth = 0): unknown {
  if (random.next() < 0.25 || depth > 4) return randomValue(random, depth);
  if (Array.isArray(value))
    return value.map((item) => (random.next() < 0.5 ? mutate(random, item, depth + 1) : item));
  if (value && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return value;
    const [key] = random.pick(entries);
    return { ...value, [key]: mutate(random, (value as Record<string, unknown>)[key], depth + 1) };
  }
  return value;
}

/** Text of a body: valid JSON most of the time, sometimes broken or not JSON at all. */
function bodyText(random: Random, value: unknown): string {
  const text = JSON.stringify(value) ?? "null";
  switch (random.int(8)) {
    case 0:
      return text.slice(0, random.int(text.length + 1));
    case 1:
      return `${text}${random.pick(["}", "]", ",", "\u0000", "garbage"])}`;
    case 2:
      return "[".repeat(2000);
    default:
      return text;
  }
}

const MCP_MESSAGES = [
  { jsonrpc: "2.0", id: 1, method: "tools/list" },
  {
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: { name: "calculate", arguments: { expression: "1+2" } },
  },
  {
    jsonrpc: "2.0",
    id: 3,
    method: "tools/call",
    params: { name: "convert_time", arguments: { time: "2026-01-01T10:00" } },
  },
  {
    jsonrpc: "2.0",
    id: 4,
    method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "fuzz", version: "1" } },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 5, method: "resources/list" },
];
const TRPC_PROCEDURES = [
  "organization.create",
  "organization.getOrganizationsDetails",
  "project.getById",
  "project.create",
  "project.update",
  "apiKeys.create",
  "apiKeys.list",
  "user.getInfo",
  "projectServers.runTool",
  "projectServers.getServerTools",
  "no.such.procedure",
  "organization.create,project.getById",
];
const AUTH_PATHS = [
  "/api/auth/sign-in/email",
  "/api/auth/sign-up/email",
  "/api/auth/update-user",
  "/api/auth/oauth2/register",
  "/api/auth/oauth2/token",
  "/api/auth/oauth2/authorize",
  "/api/auth/get-session",
  "/api/auth/no-such-endpoint",
];
const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "",
];

interface FuzzRequest {
  path: string;
  init: RequestInit & { headers: Record<string, string> };
}

function fuzzRequest(random: Random, baseUrl: string, apiKey: string, cookie: string): FuzzRequest {
  const headers: Record<string, string> = {};
  const contentType = random.pick(CONTENT_TYPES);
  if (contentType) headers["content-type"] = contentType;
  if (random.next() < 0.7) headers.origin = baseUrl;
  const target = random.int(4);
  if (target === 0) {
    headers.authorization = random.next() < 0.85 ? `Bearer ${apiKey}` : `Bearer ${random.pick(HEADER_SAFE)}`;
    headers.accept = random.pick(["application/json, text/event-stream", "text/event-stream", "*/*", "x/y"]);
    if (random.next() < 0.3) headers["mcp-protocol-version"] = random.pick(["2025-11-25", "1999-01-01", "x"]);
    const message = mutate(random, random.pick(MCP_MESSAGES));
    const body = random.next() < 0.1 ? [message, mutate(random, random.pick(MCP_MESSAGES))] : message;
    const method = random.next() < 0.9 ? "POST" : random.pick(["GET", "DELETE", "PUT"]);
    return {
      path: "/mcp",
      init: { method, headers, body: method === "GET" ? undefined : bodyText(random, body) },
    };
  }
  if (target === 1) {
    headers.authorization = random.next() < 0.85 ? `Bearer ${apiKey}` : random.pick(HEADER_SAFE);
    const name = random.pick([
      "calculate",
      "convert_time",
      "fetch_web_page",
      ...NASTY_STRINGS.map(encode),
      "%E0%A4%A",
      "%",
    ]);
    if (random.next() < 0.15) return { path: "/api/v1/openapi.json", init: { method: "GET", headers } };
    const args = mutate(random, { expression: "2*3", time: "2026-01-01T10:00", url: "http://example.test" });
    return { path: `/api/v1/tools/${name}`, init: { method: "POST", headers, body: bodyText(random, args) } };
  }
  if (target === 2) {
    if (random.next() < 0.8) headers.cookie = cookie;
    const procedure = random.pick(TRPC_PROCEDURES);
    const input = mutate(random, {
      json: { name: "Fuzz", projectId: "p1", organizationId: "o1", arguments: {} },
    });
    if (random.next() < 0.4) {
      const query = encode(bodyText(random, input));
      return {
        path: `/api/trpc/${procedure}?${random.pick(["input", "batch=1&input"])}=${query}`,
        init: { method: "GET", headers },
      };
    }
    return {
      path: `/api/trpc/${procedure}`,
      init: { method: "POST", headers, body: bodyText(random, input) },
    };
  }
  if (random.next() < 0.5) headers.cookie = cookie;
  const path = random.pick(AUTH_PATHS);
  const fields = mutate(random, {
    email: newUser("fuzz").email,
    password: "fuzz-password-123",
    name: "Fuzz",
    client_name: "Fuzz",
    redirect_uris: ["http://127.0.0.1:9/cb"],
    grant_type: "authorization_code",
    code: "x",
    client_id: "x",
  });
  if (contentType === "application/x-www-form-urlencoded" && fields && typeof fields === "object") {
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) form.set(key, String(value));
    return { path, init: { method: "POST", headers, body: form.toString() } };
  }
  if (path.endsWith("/authorize") || path.endsWith("/get-session")) {
    const query = new URLSearchParams({
      client_id: String(random.pick(NASTY_STRINGS)),
      response_type: "code",
    });
    return { path: `${path}?${query}`, init: { method: "GET", headers } };
  }
  return { path, init: { method: "POST", headers, body: bodyText(random, fields) } };
}

let server: RunningServer;
let apiKey: string;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  const browser = new HttpClient(server.baseUrl);
  await browser.signUp(newUser("fuzzer"));
  cookie = browser.cookieHeader();
  const organization = await browser.mutate<{ id: string }>("organization.create", { name: "Fuzz" });
  const project = await browser.mutate<{ id: string }>("project.create", {
    organizationId: organization.id,
    name: "Fuzz",
  });
  apiKey = (await browser.mutate<{ secret: string }>("apiKeys.create", { projectId: project.id, name: "k" }))
    .secret;
}, SERVER_HOOK_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

describe("fuzzed requests", () => {
  it(`${COUNT} random and mutated requests (seed ${SEED}) get no 5xx and the server stays up`, {
    timeout: 60_000 + COUNT * 200,
  }, async () => {
    const random = generator(SEED);
    const requests = Array.from({ length: COUNT }, () => fuzzRequest(random, server.baseUrl, apiKey, cookie));
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const index = next++;
        const { path, init } = requests[index] as FuzzRequest;
        let status: number;
        try {
          const response = await fetch(`${server.baseUrl}${path}`, { ...init, redirect: "manual" });
          status = response.status;
          await response.arrayBuffer();
        } catch (error) {
          failures.push(`#${index} ${init.method} ${path}: no answer (${(error as Error).message})`);
          continue;
        }
        if (status >= 500) {
          const body = typeof init.body === "string" ? init.body.slice(0, 200) : "";
          failures.push(
            `#${index} ${init.method} ${path} ${JSON.stringify(init.headers)} ${body} → ${status}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(failures).toEqual([]);
    const alive = await fetch(`${server.baseUrl}/api/auth/ok`);
    expect(alive.status).toBe(200);
  });
});
