// A flood of made-up API keys and tokens (issue 42, finding 2): 3,000 random "ptk_…" keys a second each
// cost a database read and stalled every tenant's calls. A key nobody was given is refused without a
// read (beyond a few a second for keys created on another replica a moment ago), and an address whose
// tokens keep failing is refused with 429 before the database, while a valid key, cached, still works
// from it; another address is not affected.
import { randomBytes } from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { FAILED_AUTH_LIMIT } from "~/server/gateway/auth/failed-auth-limit.ts";
import { UNLISTED_READS_PER_SECOND } from "~/server/gateway/auth/known-key-hashes.ts";
import { handleMcpRequest } from "~/server/gateway/transport/handle-mcp.ts";
import { worldForFile } from "./world.ts";

const { app, world } = await worldForFile();
let good: string;

beforeAll(async () => {
  good = (await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "Agent" })).secret;
});
afterEach(() => {
  vi.restoreAllMocks();
});

const junkKey = () => `ptk_${randomBytes(32).toString("base64url")}`;
const listTools = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };

/** POST /mcp as the production server sees it: srvx gives the Request the connection's address as `ip`. */
function mcpFrom(address: string, token: string, headers: Record<string, string> = {}) {
  const request = new Request(`${app.config.baseUrl}/mcp`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      host: new URL(app.config.baseUrl).host,
      authorization: `Bearer ${token}`,
      ...headers,
    },
    body: JSON.stringify(listTools),
  });
  return handleMcpRequest(app, Object.assign(request, { ip: address }));
}

/** The resolver's database reads of one key (private), counted. */
function keyReads() {
  return vi.spyOn(
    app.gateway.principals as unknown as { loadApiKey: (hash: string) => Promise<unknown> },
    "loadApiKey",
  );
}

describe("junk API keys", () => {
  it("are refused without a database read each, from however many addresses", async () => {
    const reads = keyReads();
    const started = performance.now();
    const statuses = new Set<number>();
    for (let index = 0; index < 600; index++) {
      // A new address every few keys: the per-address limit never applies, so this is the key set alone.
      const response = await mcpFrom(`198.51.100.${index % 200}`, junkKey());
      statuses.add(response.status);
    }
    expect(statuses).toEqual(new Set([401]));
    // Each second lets a few keys outside the set be read (a key just created on another replica).
    const seconds = Math.ceil((performance.now() - started) / 1000);
    expect(reads.mock.calls.length).toBeLessThanOrEqual(UNLISTED_READS_PER_SECOND * (seconds + 1));
  });

  it("a key created a moment ago works at once, and so do keys already cached", async () => {
    const created = await world.ownerA.caller.apiKeys.create({ projectId: world.projectA.id, name: "New" });
    expect((await mcpFrom("198.51.100.250", created.secret)).status).toBe(200);
    expect((await mcpFrom("198.51.100.250", good)).status).toBe(200);
  });
});

describe("failed authentications per address", () => {
  it("past the limit, an address gets 429 before the database; its cached key and other addresses go on", async () => {
    const attacker = "203.0.113.7";
    expect((await mcpFrom(attacker, good)).status).toBe(200); // cached before the flood
    for (let index = 0; index < FAILED_AUTH_LIMIT; index++) {
      // Opaque OAuth-looking tokens: each would be a database read.
      expect((await mcpFrom(attacker, randomBytes(24).toString("base64url"))).status).toBe(401);
    }
    const throttled = await mcpFrom(attacker, randomBytes(24).toString("base64url"));
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await throttled.json()).error.message).toMatch(/Too many failed authentications/);

    const reads = keyReads();
    // An unknown ptk_ key is refused unread either way: by the known-key set (401) or, when its
    // read budget would have allowed a read, by the address's limit (429).
    expect([401, 429]).toContain((await mcpFrom(attacker, junkKey())).status);
    expect((await mcpFrom(attacker, good)).status).toBe(200);
    expect(reads).not.toHaveBeenCalled();
    expect((await mcpFrom("203.0.113.8", randomBytes(24).toString("base64url"))).status).toBe(401);
  });

  it("does not believe X-Forwarded-For from a peer that is not a trusted proxy", async () => {
    const peer = "203.0.113.20";
    for (let index = 0; index < FAILED_AUTH_LIMIT; index++) {
      // A different forwarded address each time: counted for the peer all the same.
      await mcpFrom(peer, randomBytes(24).toString("base64url"), { "x-forwarded-for": `192.0.2.${index}` });
    }
    const response = await mcpFrom(peer, randomBytes(24).toString("base64url"), {
      "x-forwarded-for": "192.0.2.250",
    });
    expect(response.status).toBe(429);
  });
});
