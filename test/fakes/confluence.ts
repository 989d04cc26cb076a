// A fake Confluence Cloud site behind api.atlassian.com/ex/confluence/{cloudId}/wiki, written from
// Atlassian's reference (not from Portico's code): v1 CQL search and the v2 spaces, pages (get with
// body-format, create, update with version check), space pages and footer comments. Lists page with a
// cursor inside _links.next. https://developer.atlassian.com/cloud/confluence/rest/v2/intro/
import type { ServerResponse } from "node:http";
import { json, type RecordedRequest } from "./http-fake.ts";

export interface FakePage {
  id: string;
  spaceId: string;
  title: string;
  storage: string;
  version: number;
}

export interface FakeConfluence {
  spaces: { id: string; key: string; name: string; type: string }[];
  pages: FakePage[];
  comments: { id: string; pageId: string; storage: string }[];
  handle(request: RecordedRequest, response: ServerResponse, cloudId: string): boolean;
}

const cursorOf = (offset: number) => Buffer.from(`o${offset}`).toString("base64url");
const offsetOf = (cursor: string | null) =>
  cursor ? Number(Buffer.from(cursor, "base64url").toString().slice(1)) : 0;

const v2Error = (response: ServerResponse, status: number, title: string, detail?: string) =>
  json(response, status, {
    errors: [{ status, code: title.toUpperCase().replace(/ /g, "_"), title, detail: detail ?? null }],
  });

export function createFakeConfluence(): FakeConfluence {
  let sequence = 500;
  const fake: FakeConfluence = {
    spaces: [],
    pages: [],
    comments: [],
    handle(request, response, cloudId) {
      const prefix = `/ex/confluence/${cloudId}/wiki`;
      if (!request.path.startsWith(prefix)) return false;
      const path = request.path.slice(prefix.length);
      const body = request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
      const limit = Number(request.query.get("limit") ?? 25);
      /** One page of items and, when more remain, _links.next carrying the cursor (as Confluence does). */
      const paged = <T>(items: T[], extra: Record<string, unknown> = {}) => {
        const offset = offsetOf(request.query.get("cursor"));
        const next = new URLSearchParams(request.query);
        next.set("cursor", cursorOf(offset + limit));
        return {
          results: items.slice(offset, offset + limit),
          ...extra,
          _links: offset + limit < items.length ? { next: `/wiki${path}?${next}` } : {},
        };
      };
      const pageJson = (page: FakePage, withBody: boolean) => ({
        id: page.id,
        status: "current",
        title: page.title,
        spaceId: page.spaceId,
        version: { number: page.version, message: "" },
        ...(withBody ? { body: { storage: { representation: "storage", value: page.storage } } } : {}),
        _links: { webui: `/spaces/x/pages/${page.id}` },
      });
      let found: RegExpMatchArray | null = null;
      const route = (method: string, pattern: RegExp) => {
        found = request.method === method ? path.match(pattern) : null;
        return found !== null;
      };
      const group = (index: number) => (found as RegExpMatchArray | null)?.[index] ?? "";

      if (route("GET", /^\/rest\/api\/search$/)) {
        const cql = request.query.get("cql") ?? "";
        const text = /text ~ "([^"]*)"/.exec(cql)?.[1]?.toLowerCase();
        if (!cql) json(response, 400, { statusCode: 400, message: "CQL query parameter is required" });
        else {
          const hits = fake.pages
            .filter((page) => !text || `${page.title} ${page.storage}`.toLowerCase().includes(text))
            .map((page) => ({
              content: { id: page.id, type: "page", status: "current", title: page.title },
              title: page.title,
              excerpt: page.storage.replace(/<[^>]+>/g, "").slice(0, 80),
              url: `/spaces/x/pages/${page.id}`,
              lastModified: "2026-03-01T10:00:00.000Z",
            }));
          json(response, 200, { ...paged(hits, { start: 0, limit, size: Math.min(limit, hits.length) }) });
        }
      } else if (route("GET", /^\/api\/v2\/spaces$/)) {
        const keys = request.query.get("keys")?.split(",");
        json(response, 200, paged(fake.spaces.filter((space) => !keys || keys.includes(space.key))));
      } else if (route("GET", /^\/api\/v2\/spaces\/(\d+)\/pages$/)) {
        const title = request.query.get("title");
        json(
          response,
          200,
          paged(
            fake.pages
              .filter((page) => page.spaceId === group(1) && (!title || page.title === title))
              .map((page) => pageJson(page, false)),
          ),
        );
      } else if (route("GET", /^\/api\/v2\/pages$/)) {
        // GET /api/v2/pages: space-id (comma-separated), title, status, sort (a leading - descends).
        const spaces = request.query.get("space-id")?.split(",");
        const title = request.query.get("title");
        const sort = request.query.get("sort");
        const sorted = fake.pages
          .filter((page) => (!spaces || spaces.includes(page.spaceId)) && (!title || page.title === title))
          .sort((a, b) => (sort === "-id" ? Number(b.id) - Number(a.id) : Number(a.id) - Number(b.id)));
        if (sort && !["id", "-id"].includes(sort))
          json(response, 400, {
            errors: [{ status: 400, code: "INVALID_REQUEST_PARAMETER", title: `Unsupported sort ${sort}` }],
          });
        else json(response, 200, paged(sorted.map((page) => pageJson(page, false))));
      } else if (route("GET", /^\/api\/v2\/pages\/(\d+)$/)) {
        const page = fake.pages.find((item) => item.id === group(1));
        if (!page) v2Error(response, 404, "Not Found", "Page not found");
        else json(response, 200, pageJson(page, request.query.get("body-format") === "storage"));
      } else if (route("POST", /^\/api\/v2\/pages$/)) {
        const content = body.body as { representation?: string; value?: string } | undefined;
        if (!fake.spaces.some((space) => space.id === body.spaceId))
          v2Error(response, 400, "Bad Request", "Space not found");
        else if (content?.representation !== "storage")
          v2Error(response, 400, "Bad Request", "Invalid body representation");
        else {
          const page = {
            id: String(++sequence),
            spaceId: String(body.spaceId),
            title: String(body.title),
            storage: String(content.value),
            version: 1,
          };
          fake.pages.push(page);
          json(response, 200, pageJson(page, false));
        }
      } else if (route("PUT", /^\/api\/v2\/pages\/(\d+)$/)) {
        const page = fake.pages.find((item) => item.id === group(1));
        const version = (body.version as { number?: number } | undefined)?.number;
        if (!page) v2Error(response, 404, "Not Found", "Page not found");
        else if (version !== page.version + 1) {
          v2Error(
            response,
            409,
            "Conflict",
            `Version must be incremented when updating a page. Current Version: [${page.version}]. Provided version: [${version}]`,
          );
        } else {
          page.title = String(body.title);
          page.storage = String((body.body as { value?: string }).value);
          page.version = version;
          json(response, 200, pageJson(page, false));
        }
      } else if (route("GET", /^\/api\/v2\/pages\/(\d+)\/footer-comments$/)) {
        const comments = fake.comments
          .filter((comment) => comment.pageId === group(1))
          .map((comment) => ({
            id: comment.id,
            status: "current",
            pageId: comment.pageId,
            version: {
              number: 1,
              authorId: "5b10ac8d82e05b22cc7d4ef5",
              createdAt: "2026-03-01T10:00:00.000Z",
            },
            ...(request.query.get("body-format") === "storage"
              ? { body: { storage: { representation: "storage", value: comment.storage } } }
              : {}),
          }));
        json(response, 200, paged(comments));
      } else if (route("POST", /^\/api\/v2\/footer-comments$/)) {
        const content = body.body as { value?: string } | undefined;
        if (!fake.pages.some((page) => page.id === body.pageId))
          v2Error(response, 404, "Not Found", "Page not found");
        else {
          const comment = {
            id: String(++sequence),
            pageId: String(body.pageId),
            storage: String(content?.value),
          };
          fake.comments.push(comment);
          json(response, 201, {
            id: comment.id,
            status: "current",
            pageId: comment.pageId,
            version: { number: 1 },
          });
        }
      } else v2Error(response, 404, "Not Found");
      return true;
    },
  };
  return fake;
}
