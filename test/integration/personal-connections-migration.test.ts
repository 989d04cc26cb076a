// Migration 0027 (personal connections, several per provider): a database from before it — an
// organization's one Google connection with tokens sealed under the old context, a Gmail server, a tool
// switched off, an API key — comes up with the same tool names and the same behaviour: the key is a
// project key that still reaches the shared connection, the switched-off tool stays off, and the call
// carries the connection's token.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { hashApiKeySecret } from "~/server/api-keys/api-key-secret.ts";
import { createApp } from "~/server/app.ts";
import type { App } from "~/server/app-services.ts";
import { parseConfig } from "~/server/config.ts";
import { resolveKeyring } from "~/server/crypto/keyring.ts";
import { applyMigrations } from "~/server/db/migrate.ts";
import { apiKey, integrationConnection, projectServer } from "~/server/db/schema/index.ts";
import { startFakeGmail } from "../fakes/gmail.ts";
import { TEST_AUTH_SECRET, TEST_BASE_URL } from "../support/app.ts";
import { createTestDatabase } from "../support/database.ts";
import { connectMcpClient } from "../support/mcp-client.ts";
import { migrationsBefore } from "../support/migrations.ts";

const ACCESS_TOKEN = "ya29.old-access-token";
const KEY = `ptk_${"a".repeat(43)}`;
const gmail = await startFakeGmail((token) => token === ACCESS_TOKEN);
const dataDir = mkdtempSync(path.join(tmpdir(), "portico-migration-"));
const config = parseConfig({
  APP_ENV: "test",
  BASE_URL: TEST_BASE_URL,
  DATA_DIR: dataDir,
  BETTER_AUTH_SECRET: TEST_AUTH_SECRET,
  INTEGRATION_ENDPOINTS: JSON.stringify({ gmail: { apiBaseUrl: gmail.url } }),
});
const before = await migrationsBefore("personal_connections");
const handle = await createTestDatabase((db) => applyMigrations(db, before));
let app: App | undefined;
afterAll(async () => {
  await app?.gateway.stop();
  await handle.close();
  await gmail.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it("keeps tool names, switches, keys and the shared connection working", async () => {
  const { db } = handle;
  // The tokens as the code before sealed them: context "integration_connection:<org>:<provider>:tokens".
  const sealed = resolveKeyring(config, () => undefined).encrypt(
    JSON.stringify({ accessToken: ACCESS_TOKEN, refreshToken: "1//old-refresh" }),
    "integration_connection:org1:google:tokens",
  );
  await db.execute(sql`insert into "user" ("id", "name", "email") values ('u1', 'Petr', 'petr@acme.test')`);
  await db.execute(sql`insert into "organization" ("id", "name") values ('org1', 'Acme')`);
  await db.execute(sql`insert into "organization_member" ("id", "organization_id", "user_id", "role")
    values ('m1', 'org1', 'u1', 'owner')`);
  await db.execute(sql`insert into "project" ("id", "organization_id", "name") values ('p1', 'org1', 'Bot')`);
  await db.execute(sql`insert into "integration_connection" ("id", "organization_id", "provider", "auth_flow",
      "status", "tokens", "tokens_key_id", "access_token_expires_at", "connected_by_user_id")
    values ('c1', 'org1', 'google', 'oauth', 'active', ${sealed}, ${sealed.split(":")[1] ?? ""},
      now() + interval '1 hour', 'u1')`);
  await db.execute(sql`insert into "project_server" ("id", "project_id", "integration_id", "created_by")
    values ('s1', 'p1', 'gmail', 'u1'), ('s2', 'p1', 'google-calendar', 'u1')`);
  await db.execute(sql`insert into "tool_switch" ("project_id", "server_id", "tool_name", "enabled")
    values ('p1', 's1', 'send_message', false)`);
  await db.execute(sql`insert into "api_key" ("id", "project_id", "name", "prefix", "last_four", "secret_hash",
      "created_by") values ('k1', 'p1', 'Agent', ${KEY.slice(0, 12)}, ${KEY.slice(-4)}, ${hashApiKeySecret(KEY)}, 'u1')`);

  app = await createApp(config, handle);

  // The rows took the new columns' defaults: shared, named after the integration, a project key.
  expect(
    (await app.db.select().from(projectServer)).map((row) => [
      row.id,
      row.name,
      row.connectionMode,
      row.connectionId,
    ]),
  ).toEqual(
    expect.arrayContaining([
      ["s1", "gmail", "shared", null],
      ["s2", "google_calendar", "shared", null],
    ]),
  );
  expect((await app.db.select({ kind: apiKey.kind }).from(apiKey)).map((row) => row.kind)).toEqual([
    "project",
  ]);
  expect(
    (await app.db.select({ owner: integrationConnection.ownerUserId }).from(integrationConnection)).map(
      (row) => row.owner,
    ),
  ).toEqual([null]);

  const client = await connectMcpClient(app, KEY);
  try {
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain("gmail_search_messages");
    expect(names).toContain("google_calendar_list_events");
    expect(names).not.toContain("gmail_send_message");
    const from = gmail.requests.length;
    const result = (await client.callTool({
      name: "gmail_search_messages",
      arguments: { q: "in:inbox" },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(gmail.requests.slice(from).map((request) => request.headers.authorization)).toContain(
      `Bearer ${ACCESS_TOKEN}`,
    );
  } finally {
    await client.close();
  }
});
