// Confluence's tools written as code: lists return the cursor of their next page plainly (Confluence
// puts it inside _links.next), pages are read as text, and updates carry the next version number.
// https://developer.atlassian.com/cloud/confluence/rest/v2/intro/#using-pagination

import { z } from "zod";
import { providers } from "../../lib/integrations/providers.ts";
import { type CodeToolContext, defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { readList } from "../_kit/list-answer.ts";
import { destructive, readOnly } from "../_kit/tool-annotations.ts";

interface Listing {
  results?: unknown[];
  _links?: { next?: string };
}

/** The `cursor` of a _links.next such as "/wiki/api/v2/spaces?cursor=abc&limit=25". */
export function nextCursorOf(listing: Listing): string | undefined {
  const next = listing._links?.next;
  return next
    ? (new URL(next, "https://confluence.invalid").searchParams.get("cursor") ?? undefined)
    : undefined;
}

/** Storage format (XHTML) → readable text: block ends become line breaks, tags go, entities decoded. */
export function storageToText(xhtml: string): string {
  return xhtml
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/tr|\/div|\/blockquote|\/pre)\b[^>]*>/gi, "\n")
    .replace(/<\/t[dh]>/gi, "\t")
    .replace(/<li\b[^>]*>/gi, "- ")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const cursor = z
  .string()
  .min(1)
  .optional()
  .describe("nextCursor from the previous page; leave out for the first page.");
const limit = (fallback: number) =>
  z.number().int().min(1).max(250).optional().describe(`Results per page (default ${fallback}).`);
const pageId = z
  .string()
  .regex(/^\d+$/, "a numeric page id")
  .describe("The page id (from search_content or list_pages).");

async function listed(
  context: CodeToolContext,
  path: string,
  query: Record<string, string | number | undefined>,
) {
  const listing = await context.request<Listing>({ method: "GET", path, query });
  const nextCursor = nextCursorOf(listing);
  const { items } = readList(listing, { items: "results" }, providers.atlassian.name);
  return jsonResult({ results: items, ...(nextCursor ? { nextCursor } : {}) });
}

export const searchContent = defineCodeTool({
  name: "search_content",
  title: "Search with CQL",
  description:
    'Use to find pages, blog posts or attachments by text, space, label, author or date with CQL. Returns { results: [{ content: { id, type, title }, excerpt, url, lastModified }], nextCursor when there are more }. Example: {"cql": "type = page AND space = ENG AND text ~ \\"release checklist\\" ORDER BY lastmodified DESC", "limit": 10}.',
  input: z.strictObject({
    cql: z
      .string()
      .min(1)
      .max(5000)
      .describe(
        'The CQL query, e.g. type = page AND text ~ "onboarding". Values go in double quotes; a quote or backslash inside one is written \\" or \\\\.',
      ),
    limit: limit(25),
    cursor,
  }),
  annotations: readOnly,
  run: ({ cql, limit, cursor }, context) => listed(context, "/rest/api/search", { cql, limit, cursor }),
});

export const listSpaces = defineCodeTool({
  name: "list_spaces",
  title: "List spaces",
  description:
    'Use to find spaces and their ids (create_page and list_pages need the id). Returns { results: [{ id, key, name, type, homepageId }], nextCursor when there are more }. Example: {"keys": ["ENG"]} or {"limit": 50}.',
  input: z.strictObject({
    keys: z
      .array(z.string().min(1))
      .max(250)
      .optional()
      .describe('Only these space keys, e.g. ["ENG", "HR"].'),
    limit: limit(25),
    cursor,
  }),
  annotations: readOnly,
  run: ({ keys, limit, cursor }, context) =>
    listed(context, "/api/v2/spaces", { keys: keys?.join(","), limit, cursor }),
});

export const listPages = defineCodeTool({
  name: "list_pages",
  title: "List the pages of a space",
  description:
    'Use to browse a space\'s pages (titles and ids; read one with get_page). Returns { results: [{ id, title, parentId, status, version }], nextCursor when there are more }. Example: {"spaceId": "65538", "title": "Release notes"}.',
  input: z.strictObject({
    spaceId: z.string().regex(/^\d+$/, "a numeric space id").describe("The space id (list_spaces)."),
    title: z.string().max(255).optional().describe("Only pages with exactly this title."),
    limit: limit(25),
    cursor,
  }),
  annotations: readOnly,
  run: ({ spaceId, title, limit, cursor }, context) =>
    listed(context, `/api/v2/spaces/${spaceId}/pages`, { title, limit, cursor }),
});

// GET /wiki/api/v2/pages: pages across spaces (or of several), by title or status, sorted.
// https://developer.atlassian.com/cloud/confluence/rest/v2/api-group-page/#api-pages-get
export const listAllPages = defineCodeTool({
  name: "list_all_pages",
  title: "List pages across spaces",
  description:
    'Use to list pages across every space the connection can see, or of several spaces at once, e.g. the most recently changed ones or all pages with a given title. Returns { results: [{ id, title, spaceId, parentId, status, version }], nextCursor when there are more }. Example: {"sort": "-modified-date", "limit": 10}.',
  input: z.strictObject({
    spaceIds: z
      .array(z.string().regex(/^\d+$/, "a numeric space id"))
      .max(100)
      .optional()
      .describe("Only pages of these spaces (ids from list_spaces); all spaces when left out."),
    title: z.string().max(255).optional().describe("Only pages with exactly this title."),
    status: z
      .enum(["current", "archived", "deleted", "trashed"])
      .optional()
      .describe("Only pages in this status (default current and archived)."),
    sort: z
      .enum([
        "id",
        "-id",
        "created-date",
        "-created-date",
        "modified-date",
        "-modified-date",
        "title",
        "-title",
      ])
      .optional()
      .describe("Sort order; a leading - is descending, e.g. -modified-date for the latest changes first."),
    limit: limit(25),
    cursor,
  }),
  annotations: readOnly,
  run: ({ spaceIds, title, status, sort, limit, cursor }, context) =>
    listed(context, "/api/v2/pages", { "space-id": spaceIds?.join(","), title, status, sort, limit, cursor }),
});

export const listComments = defineCodeTool({
  name: "list_comments",
  title: "List a page's comments",
  description:
    'Use to read the discussion under a page. Returns { results: [{ id, version: { authorId, createdAt }, text }], nextCursor when there are more }. Example: {"pageId": "98305"}.',
  input: z.strictObject({ pageId, limit: limit(25), cursor }),
  annotations: readOnly,
  async run({ pageId, limit, cursor }, context) {
    const listing = await context.request<Listing>({
      method: "GET",
      path: `/api/v2/pages/${pageId}/footer-comments`,
      query: { "body-format": "storage", limit, cursor },
    });
    const results = readList(listing, { items: "results" }, providers.atlassian.name).items.map((item) => {
      const { body, ...comment } = item as { body?: { storage?: { value?: string } } };
      return { ...comment, text: storageToText(body?.storage?.value ?? "") };
    });
    const nextCursor = nextCursorOf(listing);
    return jsonResult({ results, ...(nextCursor ? { nextCursor } : {}) });
  },
});

interface Page {
  id: string;
  title: string;
  spaceId?: string;
  status?: string;
  version?: { number: number };
  body?: { storage?: { value?: string } };
  _links?: { webui?: string };
}

export const getPage = defineCodeTool({
  name: "get_page",
  title: "Read a page",
  description:
    'Use to read a page: its title, space, version and its content as plain text (and as storage XHTML, for editing with update_page). Example: {"id": "98305"}.',
  input: z.strictObject({ id: pageId }),
  annotations: readOnly,
  async run({ id }, context) {
    const page = await context.request<Page>({
      method: "GET",
      path: `/api/v2/pages/${id}`,
      query: { "body-format": "storage" },
    });
    const storage = page.body?.storage?.value ?? "";
    const { body: _body, ...rest } = page;
    return jsonResult({ ...rest, text: storageToText(storage), storage });
  },
});

export const updatePage = defineCodeTool({
  name: "update_page",
  title: "Update a page",
  description:
    'Use to replace a page\'s content (and optionally its title) with new storage-format XHTML; the tool reads the current version and saves the next one, so give the whole new content (get_page\'s storage is the starting point). Returns the page with its new version. Example: {"id": "98305", "storage": "<p>Updated checklist …</p>", "versionMessage": "Added step 4"}.',
  input: z.strictObject({
    id: pageId,
    storage: z.string().min(1).max(2_000_000).describe("The whole new content in storage format (XHTML)."),
    title: z.string().min(1).max(255).optional().describe("A new title; default the current one."),
    versionMessage: z
      .string()
      .max(255)
      .optional()
      .describe("A note on what changed, shown in the page history."),
  }),
  annotations: destructive,
  async run({ id, storage, title, versionMessage }, context) {
    const current = await context.request<Page>({ method: "GET", path: `/api/v2/pages/${id}` });
    const updated = await context.request<Page>({
      method: "PUT",
      path: `/api/v2/pages/${id}`,
      body: {
        id,
        status: "current",
        title: title ?? current.title,
        body: { representation: "storage", value: storage },
        version: {
          number: (current.version?.number ?? 0) + 1,
          ...(versionMessage ? { message: versionMessage } : {}),
        },
      },
    });
    return jsonResult(updated as unknown as Record<string, unknown>);
  },
});

export const confluenceCodeTools = [
  searchContent,
  listSpaces,
  listPages,
  listAllPages,
  listComments,
  getPage,
  updatePage,
];
