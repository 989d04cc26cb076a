// monday.com boards and items: list boards, a board with its columns and groups, items page by page
// (items_page, then next_items_page with the cursor), create an item, change its column values. Every
// query passes its arguments as GraphQL variables. Requests as documented:
// https://developer.monday.com/api-reference/reference/boards
// https://developer.monday.com/api-reference/reference/columns
// https://developer.monday.com/api-reference/reference/groups
// https://developer.monday.com/api-reference/reference/items-page
// https://developer.monday.com/api-reference/docs/querying-board-items
// https://developer.monday.com/api-reference/reference/items#create-an-item
// https://developer.monday.com/api-reference/docs/change-column-values
import { z } from "zod";
import { type CodeTool, defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { itemsPerPage, pageNumber } from "../_kit/paging-params.ts";
import { additive, destructiveIdempotent, readOnly } from "../_kit/tool-annotations.ts";
import { graphql, listAt, numberedPage, onlyRecord, recordAt, unexpectedShape, valueAt } from "./graphql.ts";

export const mondayId = (what: string) =>
  z
    .union([z.string().regex(/^\d{1,20}$/, "a numeric id"), z.number().int().positive()])
    .transform(String)
    .describe(what);

const columnValues = z
  .record(z.string().min(1).max(100), z.unknown())
  .describe(
    'Values by column id, each in the column type\'s JSON shape, e.g. {"status": {"label": "Done"}, "date4": {"date": "2026-03-31"}, "text": "Hello", "numbers": "42", "person": {"personsAndTeams": [{"id": 4616627, "kind": "person"}]}}.',
  );

const listBoards = defineCodeTool({
  name: "list_boards",
  title: "List boards",
  description:
    'Use to find boards and their ids, e.g. before reading or adding items. Returns { boards: [{ id, name, description, state, board_kind, workspace_id, updated_at }], next_page when a full page came back }: pass next_page as page for more. Example: {"limit": 25}.',
  input: z.strictObject({
    limit: z.number().int().min(1).max(100).default(25).describe("Boards per page (default 25)."),
    page: pageNumber,
    workspace_ids: z
      .array(mondayId("A workspace id."))
      .max(20)
      .optional()
      .describe("Only boards in these workspaces."),
  }),
  annotations: readOnly,
  async run(args, context) {
    const answer = await graphql<{ boards?: unknown[] }>(
      context,
      "query ($limit: Int, $page: Int, $workspaceIds: [ID]) { boards(limit: $limit, page: $page, workspace_ids: $workspaceIds, state: active) { id name description state board_kind workspace_id updated_at } }",
      {
        limit: args.limit,
        page: args.page,
        ...(args.workspace_ids ? { workspaceIds: args.workspace_ids } : {}),
      },
    );
    return jsonResult(numberedPage("boards", listAt(answer, ["boards"]), args));
  },
});

const getBoard = defineCodeTool({
  name: "get_board",
  title: "Get a board with its columns and groups",
  description:
    'Use to learn a board\'s columns (ids, types, status labels in settings) and groups before reading, creating or changing items. Returns { board: { id, name, description, columns: [{ id, title, type, settings }], groups: [{ id, title, position }] } }. Example: {"board_id": "1234567890"}.',
  input: z.strictObject({ board_id: mondayId("The board's id.") }),
  annotations: readOnly,
  async run(args, context) {
    const answer = await graphql<{ boards?: unknown[] }>(
      context,
      "query ($ids: [ID!]) { boards(ids: $ids) { id name description state board_kind workspace_id columns { id title type settings } groups { id title color position } } }",
      { ids: [args.board_id] },
    );
    const board = onlyRecord(answer, ["boards"], noBoard(args.board_id));
    return jsonResult({ board });
  },
});

const noBoard = (id: string) =>
  `monday.com has no board ${id} that this connection can see (boards answered none): check the id with list_boards.`;

const ITEM_FIELDS =
  "id name state created_at updated_at group { id title } column_values { id type text value }";

const listItems = defineCodeTool({
  name: "list_items",
  title: "List a board's items",
  description:
    'Use to read the items (rows) of a board with their column values, optionally filtered by column rules. Returns { items: [{ id, name, group, column_values: [{ id, type, text, value }] }], cursor when more follow }: pass cursor back (with board_id) for the next page; a cursor lasts 60 minutes. Example: {"board_id": "1234567890", "limit": 50, "rules": [{"column_id": "status", "compare_value": ["Done"], "operator": "any_of"}]}.',
  input: z.strictObject({
    board_id: mondayId("The board's id."),
    limit: itemsPerPage(500, 50),
    rules: z
      .array(
        z.strictObject({
          column_id: z.string().min(1).max(100).describe("The column to compare, e.g. status or name."),
          compare_value: z
            .array(z.union([z.string().max(1000), z.number()]))
            .max(50)
            .describe("The values compared against (status labels or indexes, dates, text…)."),
          operator: z
            .enum([
              "any_of",
              "not_any_of",
              "is_empty",
              "is_not_empty",
              "greater_than",
              "lower_than",
              "between",
              "contains_text",
              "not_contains_text",
            ])
            .default("any_of")
            .describe("How the column is compared (default any_of)."),
        }),
      )
      .max(10)
      .optional()
      .describe("Only items matching all these rules (first page only: the cursor keeps them)."),
    cursor: z
      .string()
      .max(2000)
      .optional()
      .describe("The cursor of the previous page; its filter and order carry over."),
  }),
  annotations: readOnly,
  async run(args, context) {
    // The first page is the board's items_page, later ones next_items_page at the root; both answer
    // { cursor (null on the last page), items }.
    let at: (string | number)[];
    let answer: Awaited<ReturnType<typeof graphql>>;
    if (args.cursor) {
      answer = await graphql(
        context,
        `query ($cursor: String!, $limit: Int!) { next_items_page(cursor: $cursor, limit: $limit) { cursor items { ${ITEM_FIELDS} } } }`,
        { cursor: args.cursor, limit: args.limit },
      );
      at = ["next_items_page"];
    } else {
      answer = await graphql(
        context,
        `query ($ids: [ID!], $limit: Int!, $queryParams: ItemsQuery) { boards(ids: $ids) { items_page(limit: $limit, query_params: $queryParams) { cursor items { ${ITEM_FIELDS} } } } }`,
        {
          ids: [args.board_id],
          limit: args.limit,
          ...(args.rules ? { queryParams: { rules: args.rules } } : {}),
        },
      );
      onlyRecord(answer, ["boards"], noBoard(args.board_id));
      at = ["boards", 0, "items_page"];
    }
    const items = listAt(answer, [...at, "items"]);
    const cursor = valueAt(answer, [...at, "cursor"]);
    if (cursor !== null && typeof cursor !== "string")
      unexpectedShape([...at, "cursor"], cursor, "a cursor or null");
    return jsonResult({ items, ...(cursor ? { cursor } : {}) });
  },
});

const createItem = defineCodeTool({
  name: "create_item",
  title: "Create an item",
  description:
    'Use to add an item (row) to a board, optionally in a group and with column values (column ids and label names from get_board). Returns { item: { id, name } }. Example: {"board_id": "1234567890", "item_name": "Call Acme", "group_id": "topics", "column_values": {"status": {"label": "Working on it"}, "date4": {"date": "2026-03-31"}}}.',
  input: z.strictObject({
    board_id: mondayId("The board's id."),
    item_name: z.string().min(1).max(255).describe("The new item's name."),
    group_id: z
      .string()
      .max(100)
      .optional()
      .describe("The group to add it to (default the board's top group)."),
    column_values: columnValues.optional(),
    create_labels_if_missing: z
      .boolean()
      .default(false)
      .describe("Create status or dropdown labels that do not exist yet (default false)."),
  }),
  annotations: additive,
  async run(args, context) {
    const answer = await graphql<{ create_item?: unknown }>(
      context,
      "mutation ($boardId: ID!, $itemName: String!, $groupId: String, $columnValues: JSON, $createLabels: Boolean) { create_item(board_id: $boardId, item_name: $itemName, group_id: $groupId, column_values: $columnValues, create_labels_if_missing: $createLabels) { id name } }",
      {
        boardId: args.board_id,
        itemName: args.item_name,
        ...(args.group_id ? { groupId: args.group_id } : {}),
        // monday.com takes column_values as a JSON-encoded string.
        ...(args.column_values ? { columnValues: JSON.stringify(args.column_values) } : {}),
        createLabels: args.create_labels_if_missing,
      },
    );
    return jsonResult({ item: recordAt(answer, ["create_item"]) });
  },
});

const changeColumnValues = defineCodeTool({
  name: "change_column_values",
  title: "Change an item's column values",
  description:
    'Use to update one or more columns of an item at once, e.g. set its status, date or owner; columns you leave out keep their value. Returns { item: { id, name, column_values: [{ id, text }] } }. Example: {"board_id": "1234567890", "item_id": "9876543210", "column_values": {"status": {"label": "Done"}, "text": "Signed"}}.',
  input: z.strictObject({
    board_id: mondayId("The item's board id."),
    item_id: mondayId("The item's id."),
    column_values: columnValues.refine((values) => Object.keys(values).length > 0, "at least one column"),
    create_labels_if_missing: z
      .boolean()
      .default(false)
      .describe("Create status or dropdown labels that do not exist yet (default false)."),
  }),
  annotations: destructiveIdempotent,
  async run(args, context) {
    const answer = await graphql<{ change_multiple_column_values?: unknown }>(
      context,
      "mutation ($boardId: ID!, $itemId: ID!, $columnValues: JSON!, $createLabels: Boolean) { change_multiple_column_values(board_id: $boardId, item_id: $itemId, column_values: $columnValues, create_labels_if_missing: $createLabels) { id name column_values { id text } } }",
      {
        boardId: args.board_id,
        itemId: args.item_id,
        columnValues: JSON.stringify(args.column_values),
        createLabels: args.create_labels_if_missing,
      },
    );
    return jsonResult({ item: recordAt(answer, ["change_multiple_column_values"]) });
  },
});

export const boardItemTools: readonly CodeTool[] = [
  listBoards,
  getBoard,
  listItems,
  createItem,
  changeColumnValues,
];
