// Confluence's tool pack through /mcp against a fake Confluence site written from Atlassian's reference:
// every tool's request checked exactly (method, path, query, bearer token, body), a list followed to
// its second page with the cursor from _links.next, a version conflict as a clear message, a refresh.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { RecordedRequest } from "../fakes/http-fake.ts";
import { startAtlassianWorld } from "./atlassian-world.ts";
import { textOf } from "./google-world.ts";

const w = await startAtlassianWorld();
afterAll(() => w.close());
const BASE = `/ex/confluence/${w.jira.cloudId}/wiki`;
beforeEach(() => {
  w.jira.requests.length = 0;
  w.confluence.comments.splice(0, w.confluence.comments.length, {
    id: "700",
    pageId: "98305",
    storage: "<p>Looks <b>good</b>.</p>",
  });
  w.confluence.spaces.splice(
    0,
    w.confluence.spaces.length,
    { id: "65538", key: "ENG", name: "Engineering", type: "global" },
    { id: "65539", key: "HR", name: "People", type: "global" },
    { id: "65540", key: "OPS", name: "Operations", type: "global" },
  );
  w.confluence.pages.splice(
    0,
    w.confluence.pages.length,
    {
      id: "98305",
      spaceId: "65538",
      title: "Release checklist",
      storage: "<h2>Steps</h2><ul><li>Tag</li><li>Deploy &amp; verify</li></ul>",
      version: 3,
    },
    { id: "98306", spaceId: "65538", title: "On-call", storage: "<p>Rota</p>", version: 1 },
  );
});

const only = (): RecordedRequest => {
  const api = w.jira.requests.filter((request) => request.path.startsWith("/ex/"));
  expect(api).toHaveLength(1);
  return api[0] as RecordedRequest;
};
const line = (request: RecordedRequest | undefined) => [
  request?.method,
  request?.path,
  [...(request?.query.entries() ?? [])],
];

describe("Confluence tools on /mcp", () => {
  it("lists the pack's tools with their annotations", async () => {
    const tools = (await w.client.listTools()).tools.filter((tool) => tool.name.startsWith("confluence_"));
    const hints = Object.fromEntries(
      tools.map((tool) => [
        tool.name.replace("confluence_", ""),
        [tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint],
      ]),
    );
    expect(hints).toEqual({
      create_page: [false, false],
      add_comment: [false, false],
      search_content: [true, false],
      list_spaces: [true, false],
      list_pages: [true, false],
      list_all_pages: [true, false],
      list_comments: [true, false],
      get_page: [true, false],
      update_page: [false, true],
    });
  });

  it("list_spaces returns the next cursor plainly and follows it to the second page", async () => {
    const first = await w.call("confluence_list_spaces", { limit: 2 });
    expect(line(only())).toEqual(["GET", `${BASE}/api/v2/spaces`, [["limit", "2"]]]);
    expect(only().headers.authorization).toBe(w.bearer());
    const page1 = first.structuredContent as { results: { key: string }[]; nextCursor: string };
    expect(page1.results.map((space) => space.key)).toEqual(["ENG", "HR"]);
    w.jira.requests.length = 0;
    const second = await w.call("confluence_list_spaces", { limit: 2, cursor: page1.nextCursor });
    expect(line(only())).toEqual([
      "GET",
      `${BASE}/api/v2/spaces`,
      [
        ["limit", "2"],
        ["cursor", page1.nextCursor],
      ],
    ]);
    expect(second.structuredContent).toEqual({ results: [expect.objectContaining({ key: "OPS" })] });
  });

  it("search_content with CQL", async () => {
    const cql = 'type = page AND text ~ "checklist"';
    const result = await w.call("confluence_search_content", { cql, limit: 5 });
    expect(line(only())).toEqual([
      "GET",
      `${BASE}/rest/api/search`,
      [
        ["cql", cql],
        ["limit", "5"],
      ],
    ]);
    expect(result.structuredContent).toEqual({
      results: [
        expect.objectContaining({
          content: expect.objectContaining({ id: "98305", title: "Release checklist" }),
        }),
      ],
    });
  });

  it("list_all_pages across spaces, newest id first, to the second page", async () => {
    const first = await w.call("confluence_list_all_pages", { sort: "-id", limit: 1 });
    const request = only();
    expect(line(request)).toEqual([
      "GET",
      `${BASE}/api/v2/pages`,
      [
        ["sort", "-id"],
        ["limit", "1"],
      ],
    ]);
    expect(request.headers.authorization).toBe(w.bearer());
    const ids = [...w.confluence.pages].map((page) => page.id).sort((a, b) => Number(b) - Number(a));
    const page1 = first.structuredContent as { results: { id: string }[]; nextCursor: string };
    expect(page1.results.map((page) => page.id)).toEqual([ids[0]]);
    expect(page1.nextCursor).toEqual(expect.any(String));
    w.jira.requests.length = 0;
    const second = await w.call("confluence_list_all_pages", {
      sort: "-id",
      limit: 1,
      cursor: page1.nextCursor,
    });
    expect(line(only())[2]).toEqual([
      ["sort", "-id"],
      ["limit", "1"],
      ["cursor", page1.nextCursor],
    ]);
    expect(
      (second.structuredContent as { results: { id: string }[] }).results.map((page) => page.id),
    ).toEqual([ids[1]]);
    w.jira.requests.length = 0;
    await w.call("confluence_list_all_pages", { spaceIds: ["65538", "65539"], title: "On-call" });
    expect(line(only())[2]).toEqual([
      ["space-id", "65538,65539"],
      ["title", "On-call"],
    ]);
    const refused = await w.call("confluence_list_all_pages", { sort: "title" });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe("Atlassian answered HTTP 400: Unsupported sort title");
  });

  it("list_pages of a space", async () => {
    const result = await w.call("confluence_list_pages", { spaceId: "65538", title: "On-call" });
    expect(line(only())).toEqual(["GET", `${BASE}/api/v2/spaces/65538/pages`, [["title", "On-call"]]]);
    expect(result.structuredContent).toEqual({
      results: [expect.objectContaining({ id: "98306", title: "On-call" })],
    });
  });

  it("get_page gives the page as readable text", async () => {
    const result = await w.call("confluence_get_page", { id: "98305" });
    expect(line(only())).toEqual(["GET", `${BASE}/api/v2/pages/98305`, [["body-format", "storage"]]]);
    expect(result.structuredContent).toMatchObject({
      id: "98305",
      title: "Release checklist",
      version: { number: 3 },
      text: "Steps\n- Tag\n- Deploy & verify",
    });
  });

  it("create_page and update_page with the next version number", async () => {
    const page = {
      spaceId: "65538",
      status: "current",
      title: "Release notes 1.4",
      parentId: "98305",
      body: { representation: "storage", value: "<p>New</p>" },
    };
    const created = await w.call("confluence_create_page", { body: page });
    expect(line(only())).toEqual(["POST", `${BASE}/api/v2/pages`, []]);
    expect(JSON.parse(only().body)).toEqual(page);
    expect(created.structuredContent).toMatchObject({ id: "501", version: { number: 1 } });

    w.jira.requests.length = 0;
    const updated = await w.call("confluence_update_page", {
      id: "98305",
      storage: "<p>v4</p>",
      versionMessage: "Shorter",
    });
    const [read, put] = w.jira.requests as RecordedRequest[];
    expect(w.jira.requests).toHaveLength(2);
    expect(line(read)).toEqual(["GET", `${BASE}/api/v2/pages/98305`, []]);
    expect(line(put)).toEqual(["PUT", `${BASE}/api/v2/pages/98305`, []]);
    expect(JSON.parse(put?.body ?? "")).toEqual({
      id: "98305",
      status: "current",
      title: "Release checklist",
      body: { representation: "storage", value: "<p>v4</p>" },
      version: { number: 4, message: "Shorter" },
    });
    expect(updated.structuredContent).toMatchObject({ version: { number: 4 } });
  });

  it("list_comments and add_comment", async () => {
    const listed = await w.call("confluence_list_comments", { pageId: "98305" });
    expect(line(only())).toEqual([
      "GET",
      `${BASE}/api/v2/pages/98305/footer-comments`,
      [["body-format", "storage"]],
    ]);
    expect(listed.structuredContent).toEqual({
      results: [expect.objectContaining({ id: "700", text: "Looks good." })],
    });
    w.jira.requests.length = 0;
    const comment = { pageId: "98305", body: { representation: "storage", value: "<p>Reviewed.</p>" } };
    const added = await w.call("confluence_add_comment", { body: comment });
    expect(line(only())).toEqual(["POST", `${BASE}/api/v2/footer-comments`, []]);
    expect(JSON.parse(only().body)).toEqual(comment);
    expect(added.isError).toBeFalsy();
  });

  it("Confluence's error is one clear sentence", async () => {
    const result = await w.call("confluence_get_page", { id: "1" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("Atlassian answered HTTP 404: Page not found");
  });

  it("refreshes an expired token before calling", async () => {
    const before = w.oauth.refreshRequests.length;
    await w.expireStoredToken();
    const result = await w.call("confluence_list_spaces", {});
    expect(result.isError).toBeFalsy();
    expect(w.oauth.refreshRequests.length - before).toBe(1);
    expect(only().headers.authorization).toBe(w.bearer());
  });
});
