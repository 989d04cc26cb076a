// monday.com's tool pack through /mcp against a fake monday.com GraphQL API written from its reference:
// every call a POST /v2 with the bare token and the pinned API-Version header, each tool's document and
// variables checked, items followed from items_page to next_items_page with the cursor, GraphQL errors
// (both shapes) reported as tool errors instead of successes, and a refused token (monday.com issues no
// refresh token) reported as a reconnect.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { RecordedRequest } from "../fakes/http-fake.ts";
import { MONDAY_VERSION, startFakeMonday } from "../fakes/monday.ts";
import { startCrmWorld, textOf } from "./crm-world.ts";

const w = await startCrmWorld({
  provider: "monday",
  integrationId: "monday",
  startApi: startFakeMonday,
  endpoints: (api) => ({ apiBaseUrl: api.url }),
  // monday.com's tokens do not expire and come without a refresh token.
  expiresIn: null,
  issueRefreshTokens: false,
});
afterAll(() => w.close());
beforeEach(() => {
  w.api.requests.length = 0;
  w.api.queries.length = 0;
  w.api.items.splice(
    0,
    w.api.items.length,
    ...["Call Acme", "Quote Beta", "Demo Gamma"].map((name, index) => ({
      id: String(1000 + index),
      board: "1234567890",
      name,
      group: "topics",
      values: { status: { label: index === 1 ? "Done" : "Working on it" }, text: `note ${index}` },
      updates: [],
    })),
  );
});

/** The one request of the call: POST /v2 with the bare token and the pinned version; its GraphQL. */
const sent = () => {
  expect(w.api.requests).toHaveLength(1);
  const request = w.api.requests[0] as RecordedRequest;
  expect([request.method, request.path, [...request.query.entries()]]).toEqual(["POST", "/v2", []]);
  expect(request.headers.authorization).toBe(w.token());
  expect(request.headers["api-version"]).toBe(MONDAY_VERSION);
  expect(request.headers["content-type"]).toBe("application/json");
  return JSON.parse(request.body) as { query: string; variables: Record<string, unknown> };
};

describe("monday.com tools on /mcp", () => {
  it("lists the pack's tools with their annotations (the raw GraphQL tool destructive)", async () => {
    const tools = (await w.client.listTools()).tools.filter((tool) => tool.name.startsWith("monday_"));
    const hints = Object.fromEntries(
      tools.map((tool) => [
        tool.name.replace("monday_", ""),
        [tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint],
      ]),
    );
    const read = [true, false];
    expect(hints).toEqual({
      list_boards: read,
      get_board: read,
      list_items: read,
      create_item: [false, false],
      change_column_values: [false, true],
      list_updates: read,
      create_update: [false, false],
      list_users: read,
      run_graphql: [false, true],
    });
    for (const tool of tools) expect(tool.description).toMatch(/Example: \{/);
  });

  it("list_boards pages by page number", async () => {
    const first = await w.call("monday_list_boards", { limit: 2 });
    const { query, variables } = sent();
    expect(query).toContain(
      "boards(limit: $limit, page: $page, workspace_ids: $workspaceIds, state: active)",
    );
    expect(variables).toEqual({ limit: 2, page: 1 });
    expect(first.structuredContent).toMatchObject({
      boards: [{ id: "1234567890" }, { id: "1234567891" }],
      next_page: 2,
    });
    w.api.requests.length = 0;
    const second = await w.call("monday_list_boards", { limit: 2, page: 2, workspace_ids: [42] });
    expect(sent().variables).toEqual({ limit: 2, page: 2, workspaceIds: ["42"] });
    expect(second.structuredContent).toEqual({ boards: [expect.objectContaining({ id: "1234567892" })] });
  });

  it("get_board with columns (settings) and groups", async () => {
    const result = await w.call("monday_get_board", { board_id: 1234567890 });
    const { query, variables } = sent();
    expect(query).toMatch(
      /boards\(ids: \$ids\) \{.*columns \{ id title type settings \}.*groups \{ id title color position \}/,
    );
    expect(variables).toEqual({ ids: ["1234567890"] });
    expect(result.structuredContent).toMatchObject({
      board: {
        id: "1234567890",
        columns: [
          { id: "name" },
          {
            id: "status",
            settings: { labels: [{ label: "Working on it" }, { label: "Done" }, { label: "Stuck" }] },
          },
          { id: "text" },
        ],
        groups: [{ id: "topics" }, { id: "done" }],
      },
    });
  });

  it("list_items: items_page, then next_items_page with the cursor", async () => {
    const rules = [{ column_id: "status", compare_value: ["Working on it"], operator: "any_of" }];
    const first = await w.call("monday_list_items", { board_id: "1234567890", limit: 1, rules });
    const page1 = sent();
    expect(page1.query).toContain("items_page(limit: $limit, query_params: $queryParams)");
    expect(page1.variables).toEqual({ ids: ["1234567890"], limit: 1, queryParams: { rules } });
    const one = first.structuredContent as {
      items: { id: string; column_values: unknown[] }[];
      cursor: string;
    };
    expect(one.items.map((item) => item.id)).toEqual(["1000"]);
    expect(one.items[0]?.column_values).toContainEqual({
      id: "status",
      type: "status",
      text: "Working on it",
      value: '{"label":"Working on it"}',
    });
    expect(one.cursor).toEqual(expect.any(String));
    w.api.requests.length = 0;
    const second = await w.call("monday_list_items", {
      board_id: "1234567890",
      limit: 1,
      cursor: one.cursor,
    });
    const page2 = sent();
    expect(page2.query).toContain("next_items_page(cursor: $cursor, limit: $limit)");
    expect(page2.variables).toEqual({ cursor: one.cursor, limit: 1 });
    expect(second.structuredContent).toEqual({
      items: [expect.objectContaining({ id: "1002", name: "Demo Gamma" })],
    });
  });

  it("an answer not in the shape asked for is a tool error naming where, never an empty list", async () => {
    w.api.answerNext = { data: { boards: [{ items_page: null }] }, account_id: 1 };
    const items = await w.call("monday_list_items", { board_id: "1234567890" });
    expect(items.isError).toBe(true);
    expect(textOf(items)).toBe(
      "monday.com answered in an unexpected shape: expected a list at data.boards[0].items_page.items, got nothing.",
    );
    w.api.answerNext = { data: { next_items_page: { cursor: 42, items: [] } }, account_id: 1 };
    const page = await w.call("monday_list_items", { board_id: "1234567890", cursor: "MSw5" });
    expect(textOf(page)).toBe(
      "monday.com answered in an unexpected shape: expected a cursor or null at data.next_items_page.cursor, got a number.",
    );
    w.api.answerNext = { account_id: 1 };
    const boards = await w.call("monday_list_boards", {});
    expect(boards.isError).toBe(true);
    expect(textOf(boards)).toBe(
      "monday.com answered in an unexpected shape: expected a list at data.boards, got nothing.",
    );
    w.api.answerNext = { data: { users: { nodes: [] } }, account_id: 1 };
    const users = await w.call("monday_list_users", {});
    expect(textOf(users)).toBe(
      'monday.com answered in an unexpected shape: expected a list at data.users, got an object with "nodes".',
    );
    w.api.answerNext = { data: { create_item: null }, account_id: 1 };
    const created = await w.call("monday_create_item", { board_id: "1234567890", item_name: "X" });
    expect(textOf(created)).toBe(
      "monday.com answered in an unexpected shape: expected an object at data.create_item, got null.",
    );
  });

  it("an unknown board is an error saying so, not an empty list", async () => {
    const items = await w.call("monday_list_items", { board_id: "999" });
    expect(items.isError).toBe(true);
    expect(textOf(items)).toBe(
      "monday.com has no board 999 that this connection can see (boards answered none): check the id with list_boards.",
    );
    const board = await w.call("monday_get_board", { board_id: "999" });
    expect(board.isError).toBe(true);
    expect(textOf(board)).toMatch(/^monday.com has no board 999/);
  });

  it("an expired cursor is monday.com's GraphQL error, not a success", async () => {
    const result = await w.call("monday_list_items", { board_id: "1234567890", cursor: "gone" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "monday.com refused the request: CursorException: cursor has expired (CursorExpiredError)",
    );
  });

  it("create_item sends column_values as a JSON string", async () => {
    const column_values = { status: { label: "Stuck" }, text: "Budget?" };
    const created = await w.call("monday_create_item", {
      board_id: "1234567890",
      item_name: "Call Delta",
      group_id: "done",
      column_values,
    });
    const { query, variables } = sent();
    expect(query).toContain(
      "create_item(board_id: $boardId, item_name: $itemName, group_id: $groupId, column_values: $columnValues, create_labels_if_missing: $createLabels)",
    );
    expect(variables).toEqual({
      boardId: "1234567890",
      itemName: "Call Delta",
      groupId: "done",
      columnValues: JSON.stringify(column_values),
      createLabels: false,
    });
    expect(created.structuredContent).toEqual({ item: { id: expect.any(String), name: "Call Delta" } });
    expect(w.api.items.at(-1)).toMatchObject({ name: "Call Delta", group: "done", values: column_values });
  });

  it("change_column_values, and a bad label is monday.com's error_code answer as a tool error", async () => {
    const changed = await w.call("monday_change_column_values", {
      board_id: "1234567890",
      item_id: "1000",
      column_values: { status: { label: "Done" } },
    });
    const { query, variables } = sent();
    expect(query).toContain(
      "change_multiple_column_values(board_id: $boardId, item_id: $itemId, column_values: $columnValues, create_labels_if_missing: $createLabels)",
    );
    expect(variables).toEqual({
      boardId: "1234567890",
      itemId: "1000",
      columnValues: '{"status":{"label":"Done"}}',
      createLabels: false,
    });
    expect(changed.structuredContent).toEqual({
      item: {
        id: "1000",
        name: "Call Acme",
        column_values: [
          { id: "status", text: "Done" },
          { id: "text", text: "note 0" },
        ],
      },
    });
    const bad = await w.call("monday_change_column_values", {
      board_id: "1234567890",
      item_id: "1000",
      column_values: { status: { label: "Nope" } },
    });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toBe(
      "monday.com refused the request: This status label doesn't exist, possible statuses are: {0: Working on it, 1: Done, 2: Stuck} (ColumnValueException)",
    );
  });

  it("create_update and list_updates", async () => {
    const created = await w.call("monday_create_update", { item_id: "1001", body: "Quote <b>sent</b>." });
    const { query, variables } = sent();
    expect(query).toContain("create_update(item_id: $itemId, body: $body)");
    expect(variables).toEqual({ itemId: "1001", body: "Quote <b>sent</b>." });
    expect(created.structuredContent).toMatchObject({ update: { body: "Quote <b>sent</b>." } });
    await w.call("monday_create_update", { item_id: "1001", body: "Signed." });
    w.api.requests.length = 0;
    const listed = await w.call("monday_list_updates", { item_id: "1001", limit: 1 });
    const sentList = sent();
    expect(sentList.query).toContain("items(ids: $ids) { updates(limit: $limit, page: $page)");
    expect(sentList.variables).toEqual({ ids: ["1001"], limit: 1, page: 1 });
    expect(listed.structuredContent).toMatchObject({ updates: [{ text_body: "Signed." }], next_page: 2 });
  });

  it("list_users by name", async () => {
    const result = await w.call("monday_list_users", { name: "ana" });
    const { variables } = sent();
    expect(variables).toEqual({ limit: 50, page: 1, name: "ana" });
    expect(result.structuredContent).toEqual({
      users: [expect.objectContaining({ id: "4616627", email: "ana@acme.com" })],
    });
  });

  it("run_graphql passes the document through; its errors are tool errors", async () => {
    const ok = await w.call("monday_run_graphql", { query: "query { me { id name } }" });
    expect(sent()).toEqual({ query: "query { me { id name } }", variables: {} });
    expect(ok.structuredContent).toEqual({ data: { me: { id: "4616627", name: "Ana Novak" } } });
    const bad = await w.call("monday_run_graphql", { query: "query { nope { id } }" });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toBe(
      "monday.com refused the request: Field 'nope' doesn't exist on type 'Query' (undefinedField)",
    );
  });

  it("a refused token cannot be refreshed (monday.com issues none): the error says to reconnect", async () => {
    w.refuseCurrentToken();
    const refused = await w.call("monday_list_users", {});
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(
      "monday.com answered HTTP 401: Not Authenticated The monday.com connection's access was refused: reconnect monday.com in the organization's integrations.",
    );
    expect(w.oauth.refreshRequests).toHaveLength(0);
  });
});
