// The fake Graph's SharePoint and OneDrive area: sites (site-search), drives (drive-list), children of
// a folder (driveitem-list-children), an item with its pre-authenticated download URL (driveitem-get),
// an item's content answered 302 to that URL (driveitem-get-content) and that download itself, simple upload (driveitem-put-content) and Microsoft Search over files
// (search-query, entityTypes driveItem).
import type { ServerResponse } from "node:http";
import { json, type RecordedRequest } from "../http-fake.ts";
import {
  type FakeGraph,
  type FakeItem,
  type GraphRequest,
  graphError,
  type Handled,
  NOT_MINE,
  notFound,
  selected,
} from "./state.ts";

const itemResource = (fake: FakeGraph, item: FakeItem) => ({
  id: item.id,
  name: item.name,
  webUrl: `https://contoso.sharepoint.com/sites/marketing/Shared%20Documents/${encodeURIComponent(item.name)}`,
  size: item.content?.length ?? 0,
  lastModifiedDateTime: "2026-02-20T09:00:00Z",
  parentReference: { driveId: item.driveId, id: item.parentId },
  ...(item.folder
    ? { folder: { childCount: fake.items.filter((child) => child.parentId === item.id).length } }
    : { file: { mimeType: item.mimeType ?? "application/octet-stream" } }),
});

/** The download URL itemResource hands out: no bearer token, signed by its query instead. */
export function handleDownload(fake: FakeGraph, request: RecordedRequest, response: ServerResponse): Handled {
  // The pre-authenticated download URL: signed by its query, and refusing an Authorization header.
  const download = /^\/download\/([^/]+)$/.exec(request.path);
  if (download) {
    fake.downloads.push(request);
    const item = fake.items.find((candidate) => candidate.id === download[1]);
    if (request.headers.authorization || request.query.get("tempauth") !== "signed") {
      return graphError(response, 401, "unauthenticated", "The download URL takes no Authorization header.");
    }
    if (!item?.content) return notFound(response);
    response.writeHead(200, { "content-type": item.mimeType ?? "application/octet-stream" });
    response.end(item.content);
    return;
  }
  return NOT_MINE;
}

export function handleFiles(graph: GraphRequest): Handled {
  const { fake, request, response, path, segments, body, wantsJson, is, page, nextId } = graph;
  // ---- SharePoint: sites and drives
  if (is("GET", /^\/sites$/)) {
    const search = (request.query.get("search") ?? "").toLowerCase();
    const found = fake.sites.filter((site) =>
      `${site.displayName} ${site.description}`.toLowerCase().includes(search),
    );
    return json(response, 200, {
      "@odata.context": `${fake.base}/$metadata#sites`,
      ...page(request, found, 2),
    });
  }
  // GET /sites/{site-id}/drive: the site's default library (the first here).
  if (is("GET", /^\/sites\/[^/]+\/drive$/)) {
    const drive = fake.drives.find((item) => item.siteId === segments[1]);
    if (!drive) return graphError(response, 404, "itemNotFound", "Requested site could not be found");
    return json(
      response,
      200,
      selected(request, {
        "@odata.context": `${fake.base}/$metadata#drives/$entity`,
        id: drive.id,
        name: drive.name,
        description: "",
        driveType: "documentLibrary",
        webUrl: `https://contoso.sharepoint.com/sites/marketing/${encodeURIComponent(drive.name)}`,
        quota: { total: 27487790694400, used: 1048576, state: "normal" },
      }),
    );
  }
  if (is("GET", /^\/sites\/[^/]+\/drives$/)) {
    const drives = fake.drives.filter((drive) => drive.siteId === segments[1]);
    if (!fake.sites.some((site) => site.id === segments[1])) {
      return graphError(response, 404, "itemNotFound", "Requested site could not be found");
    }
    const value = drives.map((drive) =>
      selected(request, {
        id: drive.id,
        name: drive.name,
        description: "",
        driveType: "documentLibrary",
        webUrl: `https://contoso.sharepoint.com/sites/marketing/${encodeURIComponent(drive.name)}`,
        createdDateTime: "2026-01-01T00:00:00Z",
      }),
    );
    return json(response, 200, page(request, value, 200));
  }
  const children = /^\/drives\/([^/]+)\/(?:root|items\/([^/]+))\/children$/.exec(path);
  if (request.method === "GET" && children) {
    const parent = children[2] ? decodeURIComponent(children[2]) : "root";
    if (!fake.drives.some((drive) => drive.id === decodeURIComponent(children[1] ?? ""))) {
      return graphError(response, 404, "itemNotFound", "The resource could not be found.");
    }
    const found = fake.items
      .filter((item) => item.parentId === parent)
      .map((item) => selected(request, itemResource(fake, item)));
    return json(response, 200, page(request, found, 200));
  }
  const upload = /^\/drives\/([^/]+)\/(?:root|items\/([^/:]+)):\/([^/]+):\/content$/.exec(path);
  if (request.method === "PUT" && upload) {
    if (request.headers["content-type"] !== "text/plain") {
      return graphError(response, 400, "invalidRequest", "Content-Type text/plain is expected.");
    }
    const name = decodeURIComponent(upload[3] ?? "");
    const parentId = upload[2] ? decodeURIComponent(upload[2]) : "root";
    const existing = fake.items.find((item) => item.parentId === parentId && item.name === name);
    const behavior = request.query.get("@microsoft.graph.conflictBehavior") ?? "replace";
    if (existing && behavior === "fail") {
      return graphError(response, 409, "nameAlreadyExists", "The specified item name already exists.");
    }
    if (existing && behavior === "replace") {
      existing.content = Buffer.from(request.body);
      return json(response, 200, itemResource(fake, existing));
    }
    const item: FakeItem = {
      id: nextId("01NEWITEM"),
      driveId: decodeURIComponent(upload[1] ?? ""),
      parentId,
      name: existing ? name.replace(/(\.[^.]*)?$/, " 1$1") : name,
      mimeType: name.endsWith(".md") ? "text/markdown" : "text/plain",
      content: Buffer.from(request.body),
    };
    fake.items.push(item);
    return json(response, 201, itemResource(fake, item));
  }
  // GET /drives/{drive-id}/items/{item-id}/content (driveitem-get-content): 302 Found to the same
  // pre-authenticated URL as the item's @microsoft.graph.downloadUrl; only items with a file facet.
  const content = /^\/drives\/([^/]+)\/items\/([^/]+)\/content$/.exec(path);
  if (request.method === "GET" && content) {
    const item = fake.items.find((candidate) => candidate.id === decodeURIComponent(content[2] ?? ""));
    if (!item || item.folder)
      return graphError(response, 404, "itemNotFound", "The resource could not be found.");
    response.writeHead(302, { location: `${fake.url}/download/${item.id}?tempauth=signed` });
    response.end();
    return;
  }
  const itemGet = /^\/drives\/([^/]+)\/items\/([^/]+)$/.exec(path);
  if (request.method === "GET" && itemGet) {
    const item = fake.items.find((candidate) => candidate.id === decodeURIComponent(itemGet[2] ?? ""));
    if (!item) return graphError(response, 404, "itemNotFound", "The resource could not be found.");
    return json(response, 200, {
      "@odata.context": `${fake.base}/$metadata#drives('${item.driveId}')/items/$entity`,
      ...(item.folder
        ? {}
        : { "@microsoft.graph.downloadUrl": `${fake.url}/download/${item.id}?tempauth=signed` }),
      ...itemResource(fake, item),
    });
  }
  if (is("POST", /^\/search\/query$/)) {
    if (!wantsJson()) return;
    const [search] = (body.requests ?? []) as {
      entityTypes?: string[];
      query?: { queryString?: string };
      from?: number;
      size?: number;
    }[];
    if (!search?.query?.queryString || JSON.stringify(search.entityTypes) !== '["driveItem"]') {
      return graphError(response, 400, "BadRequest", "entityTypes and query.queryString are required.");
    }
    const words = search.query.queryString.toLowerCase().split(/\s+/);
    const matching = fake.items.filter(
      (item) =>
        !item.folder &&
        words.every((word) =>
          `${item.name} ${item.content?.toString("utf8") ?? ""}`.toLowerCase().includes(word),
        ),
    );
    const from = search.from ?? 0;
    const size = search.size ?? 25;
    const hits = matching.slice(from, from + size).map((item, index) => ({
      hitId: item.id,
      rank: from + index + 1,
      summary: `<c0>${words[0]}</c0> in ${item.name} <ddd/>`,
      resource: { "@odata.type": "#microsoft.graph.driveItem", ...itemResource(fake, item) },
    }));
    return json(response, 200, {
      "@odata.context": `${fake.base}/$metadata#Collection(microsoft.graph.searchResponse)`,
      value: [
        {
          searchTerms: words,
          hitsContainers: [
            { hits, total: matching.length, moreResultsAvailable: from + size < matching.length },
          ],
        },
      ],
    });
  }

  return NOT_MINE;
}
