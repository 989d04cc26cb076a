// Jira's tool pack through /mcp against a fake Jira Cloud site written from Atlassian's reference:
// every tool's request checked exactly (method, path, query, bearer token, body), JQL search followed
// to its second page with nextPageToken, Jira's errorMessages/errors as one sentence, and a refresh.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { RecordedRequest } from "../fakes/http-fake.ts";
import { startAtlassianWorld } from "./atlassian-world.ts";
import { textOf } from "./google-world.ts";

const w = await startAtlassianWorld();
afterAll(() => w.close());
const BASE = `/ex/jira/${w.jira.cloudId}/rest/api/3`;
beforeEach(() => {
  w.jira.requests.length = 0;
  w.jira.comments.length = 0;
  w.jira.projects.splice(
    0,
    w.jira.projects.length,
    { id: "10000", key: "PROJ", name: "Project" },
    { id: "10001", key: "MOB", name: "Mobile" },
    { id: "10002", key: "OPS", name: "Operations" },
  );
  w.jira.users.splice(
    0,
    w.jira.users.length,
    {
      accountId: "5b10ac8d82e05b22cc7d4ef5",
      displayName: "Ana Novak",
      emailAddress: "ana@example.com",
      active: true,
    },
    {
      accountId: "5b10a2844c20165700ede21g",
      displayName: "Bob Lee",
      emailAddress: "bob@example.com",
      active: true,
    },
  );
  w.jira.issues.splice(
    0,
    w.jira.issues.length,
    ...[1, 2, 3].map((n) => ({
      id: String(n),
      key: `PROJ-${n}`,
      fields: { summary: `Issue ${n}`, status: { name: "To Do" }, labels: [] },
    })),
  );
});

const apiRequests = () => w.jira.requests.filter((request) => request.path.startsWith("/ex/"));
const only = (): RecordedRequest => {
  expect(apiRequests()).toHaveLength(1);
  return apiRequests()[0] as RecordedRequest;
};
const line = (request: RecordedRequest) => [request.method, request.path, [...request.query.entries()]];
const adf = (...paragraphs: string[][]) => ({
  type: "doc",
  version: 1,
  content: paragraphs.map((lines) => ({
    type: "paragraph",
    content: lines.flatMap((text, index) => [
      ...(index > 0 ? [{ type: "hardBreak" }] : []),
      { type: "text", text },
    ]),
  })),
});

describe("Jira tools on /mcp", () => {
  it("lists the pack's tools with their annotations", async () => {
    const tools = (await w.client.listTools()).tools.filter((tool) => tool.name.startsWith("jira_"));
    const hints = Object.fromEntries(
      tools.map((tool) => [
        tool.name.replace("jira_", ""),
        [tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint],
      ]),
    );
    expect(hints).toEqual({
      search_issues: [true, false],
      get_issue: [true, false],
      list_transitions: [true, false],
      transition_issue: [false, false],
      list_projects: [true, false],
      find_assignable_users: [true, false],
      assign_issue: [false, false],
      create_issue: [false, false],
      edit_issue: [false, false],
      add_comment: [false, false],
    });
  });

  it("search_issues: the /search/jql endpoint, followed to its second page with nextPageToken", async () => {
    const first = await w.call("jira_search_issues", {
      jql: "project = PROJ ORDER BY created DESC",
      maxResults: 2,
      fields: ["summary", "status"],
    });
    const request = only();
    expect(line(request)).toEqual([
      "GET",
      `${BASE}/search/jql`,
      [
        ["jql", "project = PROJ ORDER BY created DESC"],
        ["maxResults", "2"],
        ["fields", "summary,status"],
      ],
    ]);
    expect(request.headers.authorization).toBe(w.bearer());
    const page1 = first.structuredContent as {
      issues: { key: string }[];
      nextPageToken: string;
      isLast: boolean;
    };
    expect(page1.issues.map((issue) => issue.key)).toEqual(["PROJ-1", "PROJ-2"]);
    expect(page1.isLast).toBe(false);

    w.jira.requests.length = 0;
    const second = await w.call("jira_search_issues", {
      jql: "project = PROJ ORDER BY created DESC",
      maxResults: 2,
      fields: ["summary", "status"],
      nextPageToken: page1.nextPageToken,
    });
    expect(line(only())[2]).toEqual([
      ["jql", "project = PROJ ORDER BY created DESC"],
      ["nextPageToken", page1.nextPageToken],
      ["maxResults", "2"],
      ["fields", "summary,status"],
    ]);
    expect(second.structuredContent).toMatchObject({
      issues: [{ key: "PROJ-3", fields: { summary: "Issue 3", status: { name: "To Do" } } }],
      isLast: true,
    });
  });

  it("search_issues sends a long JQL as POST /search/jql with the same parameters in the body", async () => {
    const keys = Array.from({ length: 300 }, (_, index) => `PROJ-${index + 1}`).join(", ");
    const jql = `project = PROJ AND key in (${keys}) ORDER BY created DESC`;
    const first = await w.call("jira_search_issues", { jql, maxResults: 2, fields: ["summary", "status"] });
    const request = only();
    expect(line(request)).toEqual(["POST", `${BASE}/search/jql`, []]);
    expect(request.headers.authorization).toBe(w.bearer());
    expect(request.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.body)).toEqual({ jql, maxResults: 2, fields: ["summary", "status"] });
    const page1 = first.structuredContent as { issues: { key: string }[]; nextPageToken: string };
    expect(page1.issues.map((issue) => issue.key)).toEqual(["PROJ-1", "PROJ-2"]);

    w.jira.requests.length = 0;
    const second = await w.call("jira_search_issues", {
      jql,
      maxResults: 2,
      fields: ["summary", "status"],
      nextPageToken: page1.nextPageToken,
    });
    expect(JSON.parse(only().body)).toEqual({
      jql,
      nextPageToken: page1.nextPageToken,
      maxResults: 2,
      fields: ["summary", "status"],
    });
    expect(second.structuredContent).toMatchObject({ issues: [{ key: "PROJ-3" }], isLast: true });

    const unbounded = await w.call("jira_search_issues", {
      jql: `ORDER BY ${"created, ".repeat(200)}updated`,
    });
    expect(unbounded.isError).toBe(true);
    expect(textOf(unbounded)).toBe(
      "Atlassian answered HTTP 400: Unbounded JQL queries are not allowed here. Please add a search restriction to your query.",
    );
  });

  it("search_issues asks for readable fields when none are given (/search/jql returns ids only)", async () => {
    const result = await w.call("jira_search_issues", { jql: "project = PROJ" });
    expect(line(only())[2]).toEqual([
      ["jql", "project = PROJ"],
      ["fields", "summary,status,assignee,priority,issuetype,updated"],
    ]);
    expect(result.structuredContent).toMatchObject({
      issues: [{ key: "PROJ-1", fields: { summary: "Issue 1", status: { name: "To Do" } } }, {}, {}],
    });
  });

  it("search_issues with unbounded JQL is Jira's refusal as one sentence", async () => {
    const result = await w.call("jira_search_issues", { jql: "ORDER BY created DESC" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "Atlassian answered HTTP 400: Unbounded JQL queries are not allowed here. Please add a search restriction to your query.",
    );
  });

  it("get_issue", async () => {
    const result = await w.call("jira_get_issue", {
      issueIdOrKey: "PROJ-2",
      fields: ["summary"],
      expand: "renderedFields",
    });
    expect(line(only())).toEqual([
      "GET",
      `${BASE}/issue/PROJ-2`,
      [
        ["fields", "summary"],
        ["expand", "renderedFields"],
      ],
    ]);
    expect(result.structuredContent).toMatchObject({ key: "PROJ-2", fields: { summary: "Issue 2" } });
  });

  it("create_issue turns plain text into an ADF description", async () => {
    const result = await w.call("jira_create_issue", {
      projectKey: "PROJ",
      issueType: "Bug",
      summary: "Login fails on Safari",
      description: "Steps:\n1. Open /login\n\nThe page reloads.",
      labels: ["frontend"],
      priority: "High",
    });
    const request = only();
    expect(line(request)).toEqual(["POST", `${BASE}/issue`, []]);
    expect(JSON.parse(request.body)).toEqual({
      fields: {
        project: { key: "PROJ" },
        issuetype: { name: "Bug" },
        summary: "Login fails on Safari",
        description: adf(["Steps:", "1. Open /login"], ["The page reloads."]),
        labels: ["frontend"],
        priority: { name: "High" },
      },
    });
    expect(result.structuredContent).toMatchObject({ key: "PROJ-101" });
  });

  it("edit_issue sends only the given fields", async () => {
    const result = await w.call("jira_edit_issue", {
      issueIdOrKey: "PROJ-1",
      summary: "Renamed",
      description: "New text",
      notifyUsers: false,
    });
    const request = only();
    expect(line(request)).toEqual(["PUT", `${BASE}/issue/PROJ-1`, [["notifyUsers", "false"]]]);
    expect(JSON.parse(request.body)).toEqual({
      fields: { summary: "Renamed", description: adf(["New text"]) },
    });
    expect(result.structuredContent).toEqual({ issue: "PROJ-1", updated: ["summary", "description"] });
  });

  it("add_comment", async () => {
    const result = await w.call("jira_add_comment", { issueIdOrKey: "PROJ-1", text: "Fixed in 1.4.2." });
    const request = only();
    expect(line(request)).toEqual(["POST", `${BASE}/issue/PROJ-1/comment`, []]);
    expect(JSON.parse(request.body)).toEqual({ body: adf(["Fixed in 1.4.2."]) });
    expect(result.structuredContent).toMatchObject({ id: "10001", body: adf(["Fixed in 1.4.2."]) });
  });

  it("list_transitions and transition_issue", async () => {
    const listed = await w.call("jira_list_transitions", { issueIdOrKey: "PROJ-1" });
    expect(line(only())).toEqual(["GET", `${BASE}/issue/PROJ-1/transitions`, []]);
    expect(
      (listed.structuredContent as { transitions: { id: string }[] }).transitions.map((t) => t.id),
    ).toEqual(["11", "21", "31"]);
    w.jira.requests.length = 0;
    const moved = await w.call("jira_transition_issue", {
      issueIdOrKey: "PROJ-1",
      body: { transition: { id: "31" } },
    });
    const request = only();
    expect(line(request)).toEqual(["POST", `${BASE}/issue/PROJ-1/transitions`, []]);
    expect(JSON.parse(request.body)).toEqual({ transition: { id: "31" } });
    expect(moved.isError).toBeFalsy();
    expect(w.jira.issues[0]?.fields.status).toEqual({ name: "Done" });
  });

  it("list_projects pages with startAt", async () => {
    const first = await w.call("jira_list_projects", { maxResults: 2 });
    expect(line(only())).toEqual(["GET", `${BASE}/project/search`, [["maxResults", "2"]]]);
    expect(first.structuredContent).toMatchObject({ startAt: 0, total: 3, isLast: false });
    w.jira.requests.length = 0;
    const second = await w.call("jira_list_projects", { maxResults: 2, startAt: 2 });
    expect(line(only())).toEqual([
      "GET",
      `${BASE}/project/search`,
      [
        ["startAt", "2"],
        ["maxResults", "2"],
      ],
    ]);
    expect(second.structuredContent).toMatchObject({ values: [{ key: "OPS" }], isLast: true });
  });

  it("find_assignable_users and assign_issue", async () => {
    const users = await w.call("jira_find_assignable_users", { query: "ana", project: "PROJ" });
    expect(line(only())).toEqual([
      "GET",
      `${BASE}/user/assignable/search`,
      [
        ["query", "ana"],
        ["project", "PROJ"],
      ],
    ]);
    expect(users.structuredContent).toEqual({
      items: [expect.objectContaining({ accountId: "5b10ac8d82e05b22cc7d4ef5" })],
    });
    w.jira.requests.length = 0;
    const assigned = await w.call("jira_assign_issue", {
      issueIdOrKey: "PROJ-1",
      body: { accountId: "5b10ac8d82e05b22cc7d4ef5" },
    });
    const request = only();
    expect(line(request)).toEqual(["PUT", `${BASE}/issue/PROJ-1/assignee`, []]);
    expect(JSON.parse(request.body)).toEqual({ accountId: "5b10ac8d82e05b22cc7d4ef5" });
    expect(assigned.isError).toBeFalsy();
  });

  it("Jira's errorMessages and errors become one sentence", async () => {
    const missing = await w.call("jira_get_issue", { issueIdOrKey: "PROJ-999" });
    expect(textOf(missing)).toBe(
      "Atlassian answered HTTP 404: Issue does not exist or you do not have permission to see it.",
    );
    const invalid = await w.call("jira_create_issue", {
      projectKey: "NOPE",
      issueType: "Task",
      summary: "x",
    });
    expect(textOf(invalid)).toBe("Atlassian answered HTTP 400: project: Specify a valid project ID or key");
  });

  it("refreshes an expired token before calling", async () => {
    const before = w.oauth.refreshRequests.length;
    await w.expireStoredToken();
    const result = await w.call("jira_list_transitions", { issueIdOrKey: "PROJ-1" });
    expect(result.isError).toBeFalsy();
    expect(w.oauth.refreshRequests.length - before).toBe(1);
    expect(only().headers.authorization).toBe(w.bearer());
  });
});
