// The ids Raynet's records refer to: users (whose person id is a record's owner), business case and
// lead phases (pipeline stages), activity categories. As documented in
// https://app.raynetcrm.com/api/doc/index-en.html (GET /userAccount/, /businessCasePhase/, /leadPhase/,
// /activityCategory/, each answering { success, totalCount, data }).
import { z } from "zod";
import { type CodeTool, defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { readOnly } from "../_kit/tool-annotations.ts";
import { offsetPage } from "./records.ts";

const listUsers = defineCodeTool({
  name: "list_users",
  title: "List users",
  description:
    'Use to find Raynet users, e.g. the owner or resolver of a record: pass a user\'s person.id as owner. Returns { totalCount, data: [{ id, username, person: { id, fullName }, userRole }], next_offset when there are more }: call again with offset set to next_offset. Example: {"fulltext": "novak"}.',
  input: z.strictObject({
    fulltext: z.string().min(1).max(200).optional().describe("Full-text search over the users."),
    offset: z
      .number()
      .int()
      .min(0)
      .default(0)
      .describe("Index of the first user (pass next_offset for the next page)."),
    limit: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(100)
      .describe("Users per page (at most 1,000; default 100)."),
  }),
  annotations: readOnly,
  async run(args, context) {
    const answer = await context.request<{ totalCount?: number; data?: unknown[] }>({
      method: "GET",
      path: "/userAccount/",
      query: { offset: args.offset, limit: args.limit, fulltext: args.fulltext },
    });
    return jsonResult(offsetPage(answer, args.offset));
  },
});

function codeList(name: string, path: string, what: string, use: string): CodeTool {
  return defineCodeTool({
    name,
    title: `List ${what}`,
    description: `Use to learn the ${what} and their ids, ${use}. Returns { totalCount, data: [{ id, code01 (the name), … }] }. Example: {}.`,
    input: z.strictObject({}),
    annotations: readOnly,
    async run(_args, context) {
      const answer = await context.request<{ totalCount?: number; data?: unknown[] }>({
        method: "GET",
        path,
      });
      return jsonResult(offsetPage(answer, 0));
    },
  });
}

export const lookupTools: readonly CodeTool[] = [
  listUsers,
  codeList(
    "list_business_case_phases",
    "/businessCasePhase/",
    "business case phases",
    "e.g. to move a business case with update_business_case's businessCasePhase",
  ),
  codeList("list_lead_phases", "/leadPhase/", "lead phases", "e.g. to set a lead's leadPhase"),
  codeList(
    "list_activity_categories",
    "/activityCategory/",
    "activity categories",
    "e.g. to set the category of a task, meeting or phone call",
  ),
];
