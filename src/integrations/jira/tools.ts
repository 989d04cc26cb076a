// Jira's writing tools as code: descriptions and comments are Atlassian Document Format on the wire,
// which a model should not have to write, so these take plain text and build the ADF document.
// https://developer.atlassian.com/cloud/jira/platform/apis/document/structure/
import { z } from "zod";
import { defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { additive, idempotentWrite, readOnly } from "../_kit/tool-annotations.ts";

/** Plain text → an ADF document: blank lines separate paragraphs, single line breaks stay. */
export function textToAdf(text: string) {
  const paragraphs = text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== "");
  return {
    type: "doc",
    version: 1,
    content: paragraphs.map((paragraph) => ({
      type: "paragraph",
      content: paragraph
        .split("\n")
        .flatMap((line, index) => [
          ...(index > 0 ? [{ type: "hardBreak" }] : []),
          ...(line ? [{ type: "text", text: line }] : []),
        ]),
    })),
  };
}

const issueKey = z.string().min(1).max(100).describe("The issue key, e.g. PROJ-123 (or its numeric id).");
const summary = z.string().min(1).max(255).describe("One-line title of the issue.");
const description = z
  .string()
  .max(100_000)
  .describe("The description as plain text; blank lines separate paragraphs.");
const labels = z
  .array(z.string().min(1).max(255).regex(/^\S+$/, "no spaces"))
  .max(50)
  .describe('Labels (no spaces), e.g. ["backend"].');
const priority = z.string().min(1).max(100).describe('Priority name, e.g. "High".');
const moreFields = z
  .record(z.string(), z.unknown())
  .describe('Other fields by id as Jira takes them, e.g. {"duedate": "2026-03-31", "customfield_10016": 5}.');

/** What search_issues asks for when no fields are given: /search/jql itself returns only issue ids. */
export const DEFAULT_SEARCH_FIELDS = ["summary", "status", "assignee", "priority", "issuetype", "updated"];

/** Beyond this many characters of JQL and field names the search is sent as POST /search/jql. */
export const LONG_SEARCH_CHARS = 1500;

// Code rather than a generated tool because GET /rest/api/3/search/jql returns only each issue's id
// unless `fields` is given (unlike the retired /search, whose default was *navigable), which would
// leave a model that leaves fields out with nothing to read.
// https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issue-search/#api-rest-api-3-search-jql-get
// https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issue-search/#api-rest-api-3-search-jql-post
export const searchIssues = defineCodeTool({
  name: "search_issues",
  title: "Search issues with JQL",
  description:
    'Use to find issues: by project, status, assignee, text, dates — anything JQL can say. Returns { issues: [{ id, key, fields }], nextPageToken, isLast }; pass nextPageToken to get the next page. The JQL must be bounded (e.g. include a project or a date). Without `fields` each issue comes with summary, status, assignee, priority, issuetype and updated. Example: {"jql": "project = PROJ AND status != Done AND assignee = currentUser() ORDER BY updated DESC", "fields": ["summary", "status", "assignee"], "maxResults": 20}.',
  input: z.strictObject({
    jql: z
      .string()
      .min(1)
      .max(10_000)
      .describe(
        'The JQL query, e.g. project = PROJ AND text ~ "login" ORDER BY created DESC. Values with spaces go in double quotes; a quote or backslash inside one is written \\" or \\\\.',
      ),
    nextPageToken: z
      .string()
      .min(1)
      .optional()
      .describe("The nextPageToken from the previous page; leave out for the first page."),
    maxResults: z
      .number()
      .int()
      .min(1)
      .max(5000)
      .optional()
      .describe("Issues per page (default 50; Jira may return fewer when many fields are asked for)."),
    fields: z
      .array(z.string().min(1).max(255))
      .min(1)
      .max(100)
      .optional()
      .describe(
        'Fields to return, e.g. ["summary", "status", "assignee", "duedate"]; "*all" for all, "*navigable" for the navigable ones, "id" for ids only.',
      ),
    expand: z
      .string()
      .max(500)
      .optional()
      .describe('Extra data, comma-separated, e.g. "renderedFields" (descriptions as HTML) or "names".'),
  }),
  annotations: readOnly,
  async run({ jql, nextPageToken, maxResults, fields, expand }, context) {
    const wanted = fields ?? DEFAULT_SEARCH_FIELDS;
    // A long JQL goes in the body of the POST form, which Atlassian documents for queries too long for
    // a URL; short ones keep the GET form. Both answer the same page.
    const long = jql.length + wanted.join(",").length > LONG_SEARCH_CHARS;
    const found = await context.request<Record<string, unknown>>(
      long
        ? {
            method: "POST",
            path: "/search/jql",
            body: { jql, nextPageToken, maxResults, fields: wanted, expand },
            // A read, so sending it again after a dropped exchange is safe.
            retryable: true,
          }
        : {
            method: "GET",
            path: "/search/jql",
            query: { jql, nextPageToken, maxResults, fields: wanted.join(","), expand },
          },
    );
    return jsonResult(found);
  },
});

export const createIssue = defineCodeTool({
  name: "create_issue",
  title: "Create an issue",
  description:
    'Use to file a new bug, task or story. Returns the new issue\'s id and key (e.g. PROJ-124). Example: {"projectKey": "PROJ", "issueType": "Bug", "summary": "Login fails on Safari", "description": "Steps:\\n1. Open /login\\n2. Submit\\n\\nThe page reloads.", "labels": ["frontend"]}.',
  input: z.strictObject({
    projectKey: z.string().min(1).max(100).describe("The project's key (list_projects), e.g. PROJ."),
    issueType: z.string().min(1).max(100).describe('The issue type name, e.g. "Task", "Bug" or "Story".'),
    summary,
    description: description.optional(),
    labels: labels.optional(),
    priority: priority.optional(),
    assigneeAccountId: z.string().min(1).optional().describe("accountId from find_assignable_users."),
    parentKey: z
      .string()
      .min(1)
      .optional()
      .describe("Parent issue key, for a sub-task or an issue in an epic."),
    fields: moreFields.optional(),
  }),
  annotations: additive,
  async run(args, context) {
    const fields: Record<string, unknown> = {
      project: { key: args.projectKey },
      issuetype: { name: args.issueType },
      summary: args.summary,
      ...(args.description !== undefined ? { description: textToAdf(args.description) } : {}),
      ...(args.labels ? { labels: args.labels } : {}),
      ...(args.priority ? { priority: { name: args.priority } } : {}),
      ...(args.assigneeAccountId ? { assignee: { accountId: args.assigneeAccountId } } : {}),
      ...(args.parentKey ? { parent: { key: args.parentKey } } : {}),
      ...args.fields,
    };
    return jsonResult(await context.request({ method: "POST", path: "/issue", body: { fields } }));
  },
});

export const editIssue = defineCodeTool({
  name: "edit_issue",
  title: "Edit an issue",
  description:
    'Use to change an issue\'s summary, description, labels, priority or other fields; fields not given stay as they are (labels, if given, replace the list). To change the status use transition_issue, to assign use assign_issue. Example: {"issueIdOrKey": "PROJ-123", "priority": "High", "labels": ["backend", "urgent"]}.',
  input: z.strictObject({
    issueIdOrKey: issueKey,
    summary: summary.optional(),
    description: description.optional(),
    labels: labels.optional(),
    priority: priority.optional(),
    fields: moreFields.optional(),
    notifyUsers: z.boolean().optional().describe("Email watchers about the change (Jira's default is true)."),
  }),
  annotations: idempotentWrite,
  async run({ issueIdOrKey, notifyUsers, ...args }, context) {
    const fields: Record<string, unknown> = {
      ...(args.summary !== undefined ? { summary: args.summary } : {}),
      ...(args.description !== undefined ? { description: textToAdf(args.description) } : {}),
      ...(args.labels ? { labels: args.labels } : {}),
      ...(args.priority ? { priority: { name: args.priority } } : {}),
      ...args.fields,
    };
    if (Object.keys(fields).length === 0) {
      return { isError: true, content: [{ type: "text", text: "Give at least one field to change." }] };
    }
    await context.request({
      method: "PUT",
      path: `/issue/${encodeURIComponent(issueIdOrKey)}`,
      query: { notifyUsers },
      body: { fields },
    });
    return jsonResult({ issue: issueIdOrKey, updated: Object.keys(fields) });
  },
});

export const addComment = defineCodeTool({
  name: "add_comment",
  title: "Comment on an issue",
  description:
    'Use to add a comment to an issue (a status note, an answer to a question). Returns the comment with its id and creation time. Example: {"issueIdOrKey": "PROJ-123", "text": "Fixed in build 1.4.2; please verify."}.',
  input: z.strictObject({
    issueIdOrKey: issueKey,
    text: z
      .string()
      .min(1)
      .max(100_000)
      .describe("The comment as plain text; blank lines separate paragraphs."),
  }),
  annotations: additive,
  async run({ issueIdOrKey, text }, context) {
    const comment = await context.request<Record<string, unknown>>({
      method: "POST",
      path: `/issue/${encodeURIComponent(issueIdOrKey)}/comment`,
      body: { body: textToAdf(text) },
    });
    return jsonResult(comment);
  },
});

export const jiraCodeTools = [searchIssues, createIssue, editIssue, addComment];
