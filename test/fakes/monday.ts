// A fake monday.com API, written from monday.com's API reference (not from Portico's code): one GraphQL
// endpoint (POST /v2) that wants the bare token as Authorization and an API-Version header, and answers
// the documented root fields (boards with columns, groups and items_page; next_items_page; create_item
// and change_multiple_column_values with column_values as a JSON string; items' updates; create_update;
// users). It is no GraphQL engine: it recognises each operation by its root field and reads the
// variables. Errors come as monday.com sends them: HTTP 200 with `errors`, or the older
// { error_code, error_message, status_code }.
// https://developer.monday.com/api-reference/docs/error-handling
// `me` (scope me:read) answers the token's user with the fields asked for; `identities` gives other
// tokens other users (fields over the default, Ana). https://developer.monday.com/api-reference/reference/me
import type { ServerResponse } from "node:http";
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

export interface MondayItem {
  id: string;
  board: string;
  name: string;
  group: string;
  values: Record<string, unknown>;
  updates: { id: string; body: string; created_at: string }[];
}

export interface MondayUser {
  id: string;
  name: string;
  email: string;
  title: string | null;
  enabled: boolean;
  is_admin: boolean;
  is_guest: boolean;
}

export interface FakeMonday extends HttpFake {
  items: MondayItem[];
  /** The GraphQL documents received, in order. */
  queries: { query: string; variables: Record<string, unknown> }[];
  /** Access token (the Authorization value) → another user than Ana for `me` (its fields over hers). */
  identities: Map<string, Partial<MondayUser>>;
  /** A body answered (HTTP 200) to the next well-formed request instead of its real answer, then cleared. */
  answerNext?: unknown;
}

export const MONDAY_VERSION = "2026-07";
const BOARD = "1234567890";
const STAMP = "2026-03-02T10:00:00Z";
const USERS: MondayUser[] = [
  {
    id: "4616627",
    name: "Ana Novak",
    email: "ana@acme.com",
    title: "Sales",
    enabled: true,
    is_admin: true,
    is_guest: false,
  },
  {
    id: "4616628",
    name: "Jan Dvorak",
    email: "jan@acme.com",
    title: null,
    enabled: true,
    is_admin: false,
    is_guest: false,
  },
  {
    id: "4616629",
    name: "Eva Mala",
    email: "eva@acme.com",
    title: null,
    enabled: true,
    is_admin: false,
    is_guest: false,
  },
];
const STATUS_LABELS = ["Working on it", "Done", "Stuck"];

const graphqlError = (response: ServerResponse, message: string, code: string) =>
  json(response, 200, {
    errors: [
      { message, locations: [{ line: 1, column: 1 }], path: [], extensions: { code, status_code: 200 } },
    ],
    account_id: 1,
  });

export async function startFakeMonday(acceptsToken: (token: string) => boolean): Promise<FakeMonday> {
  let nextId = 9876543210;
  const items: MondayItem[] = [];
  const queries: FakeMonday["queries"] = [];
  const identities: FakeMonday["identities"] = new Map();
  const cursors = new Map<
    string,
    { offset: number; rule?: { column_id: string; compare_value: unknown[] } }
  >();
  const itemOut = (item: MondayItem) => ({
    id: item.id,
    name: item.name,
    state: "active",
    created_at: STAMP,
    updated_at: STAMP,
    group: { id: item.group, title: item.group === "topics" ? "Group Title" : "Done" },
    column_values: Object.entries(item.values).map(([id, value]) => ({
      id,
      type: id === "status" ? "status" : "text",
      text:
        typeof value === "object" && value
          ? String((value as { label?: string }).label ?? "")
          : String(value),
      value: JSON.stringify(value),
    })),
  });
  const pageFrom = (
    offset: number,
    limit: number,
    rule?: { column_id: string; compare_value: unknown[] },
  ) => {
    const matching = items.filter(
      (item) =>
        item.board === BOARD &&
        (!rule ||
          rule.compare_value.includes(
            (item.values[rule.column_id] as { label?: string } | undefined)?.label ??
              item.values[rule.column_id],
          )),
    );
    const page = matching.slice(offset, offset + limit);
    let cursor: string | null = null;
    if (offset + limit < matching.length) {
      cursor = `MSw5NzI4MDA5MDAs${offset + limit}`;
      cursors.set(cursor, { offset: offset + limit, ...(rule ? { rule } : {}) });
    }
    return { cursor, items: page.map(itemOut) };
  };

  const http = await startHttpFake((request: RecordedRequest, response) => {
    // monday.com takes the token as the whole Authorization value (no "Bearer").
    if (!acceptsToken(request.headers.authorization ?? "")) {
      return json(response, 401, { error_message: "Not Authenticated", status_code: 401 });
    }
    if (request.method !== "POST" || request.path !== "/v2")
      return json(response, 404, { error_message: "Not Found" });
    if (request.headers["api-version"] !== MONDAY_VERSION) {
      return graphqlError(
        response,
        `Unexpected API-Version ${request.headers["api-version"]}`,
        "InvalidVersion",
      );
    }
    const { query, variables = {} } = JSON.parse(request.body) as {
      query: string;
      variables?: Record<string, unknown>;
    };
    queries.push({ query, variables });
    if (fake.answerNext !== undefined) {
      const body = fake.answerNext;
      fake.answerNext = undefined;
      return json(response, 200, body);
    }
    const root = /^\s*(?:query|mutation)?\s*(?:\([^)]*\))?\s*\{\s*(\w+)/.exec(query)?.[1];
    const v = variables;

    if (root === "boards" && query.includes("items_page")) {
      if ((v.ids as string[])[0] !== BOARD)
        return json(response, 200, { data: { boards: [] }, account_id: 1 });
      const rule = (
        v.queryParams as { rules?: { column_id: string; compare_value: unknown[] }[] } | undefined
      )?.rules?.[0];
      return json(response, 200, {
        data: { boards: [{ items_page: pageFrom(0, v.limit as number, rule) }] },
        account_id: 1,
      });
    }
    if (root === "next_items_page") {
      const state = cursors.get(v.cursor as string);
      if (!state) return graphqlError(response, "CursorException: cursor has expired", "CursorExpiredError");
      return json(response, 200, {
        data: { next_items_page: pageFrom(state.offset, v.limit as number, state.rule) },
        account_id: 1,
      });
    }
    if (root === "boards" && v.ids) {
      if ((v.ids as string[])[0] !== BOARD)
        return json(response, 200, { data: { boards: [] }, account_id: 1 });
      return json(response, 200, {
        data: {
          boards: [
            {
              id: BOARD,
              name: "Sales",
              description: null,
              state: "active",
              board_kind: "public",
              workspace_id: "42",
              columns: [
                { id: "name", title: "Name", type: "name", settings: {} },
                {
                  id: "status",
                  title: "Status",
                  type: "status",
                  settings: {
                    labels: STATUS_LABELS.map((label, id) => ({
                      id,
                      label,
                      index: id,
                      is_done: label === "Done",
                    })),
                  },
                },
                { id: "text", title: "Notes", type: "text", settings: {} },
              ],
              groups: [
                { id: "topics", title: "Group Title", color: "#579bfc", position: "65536" },
                { id: "done", title: "Done", color: "#00c875", position: "131072" },
              ],
            },
          ],
        },
        account_id: 1,
      });
    }
    if (root === "boards") {
      const all = [BOARD, "1234567891", "1234567892"].map((id, index) => ({
        id,
        name: ["Sales", "Hiring", "Roadmap"][index],
        description: null,
        state: "active",
        board_kind: "public",
        workspace_id: "42",
        updated_at: STAMP,
      }));
      const limit = v.limit as number;
      const page = v.page as number;
      return json(response, 200, {
        data: { boards: all.slice((page - 1) * limit, page * limit) },
        account_id: 1,
      });
    }
    const parseColumns = (raw: unknown): Record<string, unknown> | "bad" => {
      if (raw === undefined) return {};
      if (typeof raw !== "string") return "bad";
      const values = JSON.parse(raw) as Record<string, unknown>;
      for (const [column, value] of Object.entries(values)) {
        if (column === "status" && !STATUS_LABELS.includes((value as { label?: string }).label ?? ""))
          return "bad";
      }
      return values;
    };
    const columnError = () =>
      json(response, 200, {
        error_code: "ColumnValueException",
        status_code: 200,
        error_message:
          "This status label doesn't exist, possible statuses are: {0: Working on it, 1: Done, 2: Stuck}",
        error_data: { column_value: '{"label"=>"Nope"}', column_type: "StatusColumn" },
      });
    if (root === "create_item") {
      if (v.boardId !== BOARD) return graphqlError(response, "Board not found", "InvalidBoardIdException");
      const values = parseColumns(v.columnValues);
      if (values === "bad") return columnError();
      const item: MondayItem = {
        id: String(nextId++),
        board: BOARD,
        name: v.itemName as string,
        group: (v.groupId as string | undefined) ?? "topics",
        values,
        updates: [],
      };
      items.push(item);
      return json(response, 200, { data: { create_item: { id: item.id, name: item.name } }, account_id: 1 });
    }
    if (root === "change_multiple_column_values") {
      const item = items.find((candidate) => candidate.id === v.itemId && candidate.board === v.boardId);
      if (!item) return graphqlError(response, "Item not found in board", "InvalidItemIdException");
      const values = parseColumns(v.columnValues);
      if (values === "bad") return columnError();
      Object.assign(item.values, values);
      const { id, name, column_values } = itemOut(item);
      return json(response, 200, {
        data: {
          change_multiple_column_values: {
            id,
            name,
            column_values: column_values.map(({ id: c, text }) => ({ id: c, text })),
          },
        },
        account_id: 1,
      });
    }
    if (root === "items") {
      const item = items.find((candidate) => candidate.id === (v.ids as string[])[0]);
      const limit = v.limit as number;
      const page = v.page as number;
      const updates = (item?.updates ?? []).slice((page - 1) * limit, page * limit).map((update) => ({
        ...update,
        text_body: update.body.replace(/<[^>]+>/g, ""),
        creator: { id: USERS[0]?.id, name: USERS[0]?.name },
      }));
      return json(response, 200, { data: { items: item ? [{ updates }] : [] }, account_id: 1 });
    }
    if (root === "create_update") {
      const item = items.find((candidate) => candidate.id === v.itemId);
      if (!item) return graphqlError(response, "Item not found", "InvalidItemIdException");
      const update = { id: String(nextId++), body: v.body as string, created_at: STAMP };
      item.updates.unshift(update);
      return json(response, 200, { data: { create_update: update }, account_id: 1 });
    }
    if (root === "users") {
      const name = (v.name as string | undefined)?.toLowerCase();
      const emails = v.emails as string[] | undefined;
      const found = USERS.filter(
        (user) =>
          (!name || user.name.toLowerCase().includes(name)) && (!emails || emails.includes(user.email)),
      );
      const limit = v.limit as number;
      const page = v.page as number;
      return json(response, 200, {
        data: { users: found.slice((page - 1) * limit, page * limit) },
        account_id: 1,
      });
    }
    if (root === "me") {
      const who = { ...USERS[0], ...identities.get(request.headers.authorization ?? "") } as MondayUser;
      // The scalar fields the selection names (`me { id name email }`); nested objects are not served.
      const asked = (/\bme\s*\{([^}]*)\}/.exec(query)?.[1] ?? "").split(/[\s,]+/);
      const me = Object.fromEntries(Object.entries(who).filter(([field]) => asked.includes(field)));
      return json(response, 200, { data: { me }, account_id: 1 });
    }
    if (root === "complexity") {
      return json(response, 200, { data: { me: { id: USERS[0]?.id, name: USERS[0]?.name } }, account_id: 1 });
    }
    return graphqlError(response, `Field '${root}' doesn't exist on type 'Query'`, "undefinedField");
  });
  const fake: FakeMonday = { ...http, items, queries, identities };
  return fake;
}
