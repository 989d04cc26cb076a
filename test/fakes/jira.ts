// A fake Jira Cloud site behind api.atlassian.com, written from Atlassian's reference (not from
// Portico's code): the OAuth site list (GET /oauth/token/accessible-resources) and, under
// /ex/jira/{cloudId}/rest/api/3, search/jql (nextPageToken paging), issue get/create/edit, comments,
// transitions, project search (startAt paging), assignable users and assignee. Errors use Jira's
// { errorMessages, errors } shape. https://developer.atlassian.com/cloud/jira/platform/rest/v3/intro/
// It also plays the site's own host for API tokens ("Basic auth for REST APIs"): Basic email:token on
// /rest/api/3 and /wiki is served like the gateway's /ex/<product>/{cloudId} paths.
import type { ServerResponse } from "node:http";
import { type HttpFake, json, type RecordedRequest, startHttpFake } from "./http-fake.ts";

export interface FakeIssue {
  id: string;
  key: string;
  fields: Record<string, unknown>;
}

export interface FakeJira extends HttpFake {
  cloudId: string;
  /** What accessible-resources lists (the site served is `cloudId`). */
  sites: { id: string; url: string; name: string }[];
  /** API tokens accepted with Basic auth on the site's own paths, by email. */
  apiTokens: Map<string, string>;
  issues: FakeIssue[];
  projects: { id: string; key: string; name: string }[];
  users: { accountId: string; displayName: string; emailAddress: string; active: boolean }[];
  comments: { issueKey: string; body: unknown }[];
}

const jiraError = (
  response: ServerResponse,
  status: number,
  errorMessages: string[],
  errors: Record<string, string> = {},
) => json(response, status, { errorMessages, errors });

const TRANSITIONS = [
  { id: "11", name: "To Do", to: { id: "10000", name: "To Do" } },
  { id: "21", name: "In Progress", to: { id: "3", name: "In Progress" } },
  { id: "31", name: "Done", to: { id: "10001", name: "Done" } },
];

const isAdf = (value: unknown) =>
  typeof value === "object" &&
  value !== null &&
  (value as { type?: unknown }).type === "doc" &&
  (value as { version?: unknown }).version === 1;

/** The JQL the tests use: `project = KEY` and `status = "Name"` joined by AND. */
function matchesJql(issue: FakeIssue, jql: string) {
  const clauses = jql.split(/\s+ORDER BY\s+/i)[0]?.split(/\s+AND\s+/i) ?? [];
  return clauses.every((clause) => {
    const listed = /^\s*key\s+in\s*\(([^)]*)\)\s*$/i.exec(clause)?.[1];
    if (listed !== undefined)
      return listed
        .split(",")
        .map((key) => key.trim())
        .includes(issue.key);
    const [, field = "", value = ""] = /^\s*(\w+)\s*=\s*"?([^"]*)"?\s*$/.exec(clause) ?? [];
    if (field === "project") return issue.key.startsWith(`${value}-`);
    if (field === "status") return (issue.fields.status as { name?: string } | undefined)?.name === value;
    return false;
  });
}

/** `other` answers the other products on the same host (Confluence); false for paths not its own. */
export async function startFakeJira(
  acceptsToken: (token: string) => boolean,
  other: (request: RecordedRequest, response: ServerResponse, cloudId: string) => boolean = () => false,
): Promise<FakeJira> {
  let fake!: FakeJira;
  let sequence = 100;
  const http = await startHttpFake((request: RecordedRequest, response) => {
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? "")?.[1];
    if (basic) {
      const [email = "", apiToken] = Buffer.from(basic, "base64").toString("utf8").split(/:(.*)/s);
      if (!apiToken || fake.apiTokens.get(email) !== apiToken)
        return json(response, 401, {
          code: 401,
          message: "Client must be authenticated to access this resource.",
        });
      // The site's own host: the same resources without the gateway's /ex/<product>/{cloudId}.
      const product = request.path.startsWith("/wiki") ? "confluence" : "jira";
      if (!/^\/(rest\/api\/3|wiki)\//.test(request.path))
        return json(response, 404, { errorMessages: ["Not found"], errors: {} });
      // A copy: `requests` keeps the path as it was sent.
      request = { ...request, path: `/ex/${product}/${fake.cloudId}${request.path}` };
    } else {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1] ?? "";
      if (!acceptsToken(token)) return json(response, 401, { code: 401, message: "Unauthorized" });
      if (request.path.startsWith("/rest/") || request.path.startsWith("/wiki/"))
        // OAuth tokens work only through api.atlassian.com/ex/<product>/{cloudId}.
        return json(response, 401, { code: 401, message: "Unauthorized" });
    }
    if (request.method === "GET" && request.path === "/oauth/token/accessible-resources") {
      return json(
        response,
        200,
        fake.sites.map((site) => ({ ...site, scopes: ["read:jira-work", "write:jira-work"], avatarUrl: "" })),
      );
    }
    if (other(request, response, fake.cloudId)) return;
    const prefix = `/ex/jira/${fake.cloudId}/rest/api/3`;
    if (!request.path.startsWith(prefix)) return json(response, 404, { code: 404, message: "Not Found" });
    const segments = request.path.slice(prefix.length).split("/").filter(Boolean).map(decodeURIComponent);
    const route = `${request.method} /${segments.map((item, index) => (index === 1 && segments[0] === "issue" ? ":key" : item)).join("/")}`;
    const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
    const issue = fake.issues.find((item) => item.key === segments[1] || item.id === segments[1]);
    const noIssue = () =>
      jiraError(response, 404, ["Issue does not exist or you do not have permission to see it."]);
    // `fields` may repeat and each may be a comma-separated list; /search/jql's default is `id` (ids
    // only), GET issue's is *all.
    // POST /search/jql takes the same parameters in its body (`fields` an array).
    const posted = route === "POST /search/jql";
    const param = (name: string) =>
      posted ? (body[name] === undefined ? null : String(body[name])) : request.query.get(name);
    const pick = (item: FakeIssue, byDefault: "id" | "*all" = "*all") => {
      const given = posted
        ? ((body.fields as string[] | undefined) ?? [])
        : request.query.getAll("fields").flatMap((value) => value.split(","));
      const wanted = given.length > 0 ? given : [byDefault];
      if (wanted.length === 1 && wanted[0] === "id") return { id: item.id };
      const fields = wanted.some((name) => name === "*all" || name === "*navigable")
        ? item.fields
        : Object.fromEntries(Object.entries(item.fields).filter(([name]) => wanted.includes(name)));
      return {
        id: item.id,
        key: item.key,
        self: `https://api.atlassian.com${prefix}/issue/${item.id}`,
        fields,
      };
    };

    if (route === "GET /myself") {
      const email = basic ? Buffer.from(basic, "base64").toString("utf8").split(":")[0] : "oauth@acme.test";
      return json(response, 200, {
        accountId: "5b10ac8d82e05b22cc7d4ef5",
        emailAddress: email,
        active: true,
      });
    }
    if (route === "GET /search/jql" || posted) {
      const jql = param("jql");
      // /search/jql refuses unbounded JQL: none at all, or only an ORDER BY.
      if (!jql?.split(/\bORDER\s+BY\b/i)[0]?.trim())
        return jiraError(response, 400, [
          "Unbounded JQL queries are not allowed here. Please add a search restriction to your query.",
        ]);
      const found = fake.issues.filter((item) => matchesJql(item, jql));
      const size = Number(param("maxResults") ?? 50);
      const token = param("nextPageToken");
      const offset = token ? Number(Buffer.from(token, "base64url").toString()) : 0;
      const slice = found.slice(offset, offset + size);
      const isLast = offset + size >= found.length;
      return json(response, 200, {
        issues: slice.map((item) => pick(item, "id")),
        ...(isLast ? {} : { nextPageToken: Buffer.from(String(offset + size)).toString("base64url") }),
        isLast,
      });
    }
    if (route === "GET /issue/:key") return issue ? json(response, 200, pick(issue)) : noIssue();
    if (route === "POST /issue") {
      const fields = (body.fields ?? {}) as Record<string, unknown>;
      const project = fake.projects.find(
        (item) => item.key === (fields.project as { key?: string } | undefined)?.key,
      );
      const errors: Record<string, string> = {};
      if (!project) errors.project = "Specify a valid project ID or key";
      if (!fields.summary) errors.summary = "You must specify a summary of the issue.";
      if (!(fields.issuetype as { name?: string } | undefined)?.name)
        errors.issuetype = "Specify an issue type";
      if (fields.description !== undefined && !isAdf(fields.description))
        errors.description =
          "Operation value must be an Atlassian Document (see the Atlassian Document Format)";
      if (Object.keys(errors).length > 0) return jiraError(response, 400, [], errors);
      const id = String(++sequence);
      const created = {
        id,
        key: `${project?.key}-${sequence}`,
        fields: { ...fields, status: { name: "To Do" } },
      };
      fake.issues.push(created);
      return json(response, 201, {
        id,
        key: created.key,
        self: `https://api.atlassian.com${prefix}/issue/${id}`,
      });
    }
    if (route === "PUT /issue/:key") {
      if (!issue) return noIssue();
      const fields = (body.fields ?? {}) as Record<string, unknown>;
      if (fields.description !== undefined && !isAdf(fields.description)) {
        return jiraError(response, 400, [], {
          description: "Operation value must be an Atlassian Document (see the Atlassian Document Format)",
        });
      }
      Object.assign(issue.fields, fields);
      response.writeHead(204).end();
      return;
    }
    if (route === "POST /issue/:key/comment") {
      if (!issue) return noIssue();
      if (!isAdf(body.body))
        return jiraError(response, 400, [], { comment: "Comment body can not be empty!" });
      fake.comments.push({ issueKey: issue.key, body: body.body });
      return json(response, 201, {
        id: String(10000 + fake.comments.length),
        self: `https://api.atlassian.com${prefix}/issue/${issue.id}/comment/${10000 + fake.comments.length}`,
        author: { accountId: "5b10a2844c20165700ede21g", displayName: "Portico bot" },
        body: body.body,
        created: "2026-03-02T10:00:00.000+0000",
        updated: "2026-03-02T10:00:00.000+0000",
      });
    }
    if (route === "GET /issue/:key/transitions") {
      return issue ? json(response, 200, { expand: "transitions", transitions: TRANSITIONS }) : noIssue();
    }
    if (route === "POST /issue/:key/transitions") {
      if (!issue) return noIssue();
      const id = (body.transition as { id?: string } | undefined)?.id;
      const transition = TRANSITIONS.find((item) => item.id === id);
      if (!transition)
        return jiraError(response, 400, [`Transition id '${id}' is not valid for this issue.`]);
      issue.fields.status = { name: transition.to.name };
      response.writeHead(204).end();
      return;
    }
    if (route === "GET /project/search") {
      const startAt = Number(request.query.get("startAt") ?? 0);
      const maxResults = Number(request.query.get("maxResults") ?? 50);
      const values = fake.projects.slice(startAt, startAt + maxResults);
      const isLast = startAt + maxResults >= fake.projects.length;
      return json(response, 200, {
        self: request.path,
        maxResults,
        startAt,
        total: fake.projects.length,
        isLast,
        values,
      });
    }
    if (route === "GET /user/assignable/search") {
      if (!request.query.get("project") && !request.query.get("issueKey")) {
        return jiraError(response, 400, [
          "At least one of issueKey, issueId, project or projectKeys must be provided.",
        ]);
      }
      const query = (request.query.get("query") ?? "").toLowerCase();
      return json(
        response,
        200,
        fake.users.filter((user) => `${user.displayName} ${user.emailAddress}`.toLowerCase().includes(query)),
      );
    }
    if (route === "PUT /issue/:key/assignee") {
      if (!issue) return noIssue();
      issue.fields.assignee = body.accountId === null ? null : { accountId: body.accountId };
      response.writeHead(204).end();
      return;
    }
    return json(response, 404, { errorMessages: ["Not found"], errors: {} });
  });
  fake = {
    ...http,
    cloudId: "11223344-a1b2-3b33-c444-def123456789",
    sites: [{ id: "11223344-a1b2-3b33-c444-def123456789", url: "https://acme.atlassian.net", name: "acme" }],
    apiTokens: new Map(),
    issues: [],
    projects: [],
    users: [],
    comments: [],
  };
  return fake;
}
