// monday.com updates (the comments on an item), users, and the raw GraphQL tool for anything the typed
// tools do not cover. Requests as documented:
// https://developer.monday.com/api-reference/reference/updates
// https://developer.monday.com/api-reference/reference/users
// https://developer.monday.com/api-reference/docs/basics
import { z } from "zod";
import { type CodeTool, defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { pageNumber } from "../_kit/paging-params.ts";
import { additive, destructive, readOnly } from "../_kit/tool-annotations.ts";
import { mondayId } from "./boards-items.ts";
import { graphql, listAt, numberedPage, onlyRecord, recordAt } from "./graphql.ts";

const limit = (most: number, fallback: number) =>
  z.number().int().min(1).max(most).default(fallback).describe(`Per page (1–${most}, default ${fallback}).`);

const listUpdates = defineCodeTool({
  name: "list_updates",
  title: "List an item's updates",
  description:
    'Use to read the updates (comments) posted on an item, newest first. Returns { updates: [{ id, text_body, body, created_at, creator: { id, name } }], next_page when a full page came back }. Example: {"item_id": "9876543210"}.',
  input: z.strictObject({ item_id: mondayId("The item's id."), limit: limit(100, 25), page: pageNumber }),
  annotations: readOnly,
  async run(args, context) {
    const answer = await graphql<{ items?: { updates?: unknown[] }[] }>(
      context,
      "query ($ids: [ID!], $limit: Int, $page: Int) { items(ids: $ids) { updates(limit: $limit, page: $page) { id body text_body created_at creator { id name } } } }",
      { ids: [args.item_id], limit: args.limit, page: args.page },
    );
    onlyRecord(
      answer,
      ["items"],
      `monday.com has no item ${args.item_id} that this connection can see (items answered none).`,
    );
    return jsonResult(numberedPage("updates", listAt(answer, ["items", 0, "updates"]), args));
  },
});

const createUpdate = defineCodeTool({
  name: "create_update",
  title: "Post an update on an item",
  description:
    'Use to post an update (comment) on an item, e.g. a status note for the team; HTML is allowed. Returns { update: { id, body, created_at } }. Example: {"item_id": "9876543210", "body": "Contract sent to <b>Acme</b>."}.',
  input: z.strictObject({
    item_id: mondayId("The item's id."),
    body: z.string().min(1).max(50_000).describe("The update's text (HTML allowed)."),
  }),
  annotations: additive,
  async run(args, context) {
    const answer = await graphql<{ create_update?: unknown }>(
      context,
      "mutation ($itemId: ID!, $body: String!) { create_update(item_id: $itemId, body: $body) { id body created_at } }",
      { itemId: args.item_id, body: args.body },
    );
    return jsonResult({ update: recordAt(answer, ["create_update"]) });
  },
});

const listUsers = defineCodeTool({
  name: "list_users",
  title: "List users",
  description:
    'Use to find people in the account (ids for person columns, who wrote an update). Returns { users: [{ id, name, email, title, enabled, is_admin, is_guest }], next_page when a full page came back }. Example: {"name": "Ana"}.',
  input: z.strictObject({
    name: z.string().max(200).optional().describe("Only users whose name matches this text."),
    emails: z
      .array(z.string().max(320))
      .max(50)
      .optional()
      .describe("Only users with these email addresses."),
    limit: limit(200, 50),
    page: pageNumber,
  }),
  annotations: readOnly,
  async run(args, context) {
    const answer = await graphql<{ users?: unknown[] }>(
      context,
      "query ($limit: Int, $page: Int, $name: String, $emails: [String]) { users(limit: $limit, page: $page, name: $name, emails: $emails) { id name email title enabled is_admin is_guest } }",
      {
        limit: args.limit,
        page: args.page,
        ...(args.name ? { name: args.name } : {}),
        ...(args.emails ? { emails: args.emails } : {}),
      },
    );
    return jsonResult(numberedPage("users", listAt(answer, ["users"]), args));
  },
});

const runGraphql = defineCodeTool({
  name: "run_graphql",
  title: "Run a GraphQL query or mutation",
  description:
    'Use only when no other monday.com tool does the job: runs any query or mutation, including ones that delete or archive. Ask only for the fields you need (queries have a complexity budget). Returns { data }; GraphQL errors come back as a tool error. Example: {"query": "query ($ids: [ID!]) { boards(ids: $ids) { views { id name type } } }", "variables": {"ids": ["1234567890"]}}.',
  input: z.strictObject({
    query: z.string().min(1).max(100_000).describe("The GraphQL document."),
    variables: z.record(z.string(), z.unknown()).default({}).describe("The document's variables."),
  }),
  annotations: destructive,
  async run(args, context) {
    const answer = await graphql<unknown>(context, args.query, args.variables);
    return jsonResult({ data: answer.data ?? null });
  },
});

export const updateUserTools: readonly CodeTool[] = [listUpdates, createUpdate, listUsers, runGraphql];
