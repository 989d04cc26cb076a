// SharePoint's tools as code: lists follow Graph's @odata.nextLink, reading downloads the file from its
// pre-authenticated downloadUrl and turns it into text (_files/file-text.ts, shared with Google Drive),
// uploading PUTs the content under a file name, and Microsoft Search finds files across sites.
// Requests as documented under https://learn.microsoft.com/graph/api/resources/sharepoint
import { z } from "zod";
import { cutText } from "../_files/cut-text.ts";
import { readableBinaryTypes, textOfFile } from "../_files/file-text.ts";
import { defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { destructive, readOnly } from "../_kit/tool-annotations.ts";
import { enc, graphId, graphPageResult, nextLinkArg } from "../_microsoft/graph.ts";
import { getFileContent, isTextType } from "./file-content.ts";

const driveId = graphId("The drive (document library) id, from list_drives or a search hit's driveId.");
const top = z.number().int().min(1).max(999).optional();
const ITEM_FIELDS = "id,name,size,webUrl,lastModifiedDateTime,file,folder,parentReference";
/** The most of a file read_file downloads: a larger one is described, not half read. */
const MAX_DOWNLOAD_BYTES = 10 * 1024 * 1024;

interface DriveItem {
  id: string;
  name?: string;
  size?: number;
  webUrl?: string;
  lastModifiedDateTime?: string;
  file?: { mimeType?: string };
  folder?: { childCount?: number };
  parentReference?: { driveId?: string; siteId?: string; path?: string };
  "@microsoft.graph.downloadUrl"?: string;
}

/** A drive item as a model reads it: what it is, where, and whether it is a folder. */
function itemSummary(item: DriveItem) {
  return {
    id: item.id,
    name: item.name,
    kind: item.folder ? "folder" : "file",
    ...(item.folder
      ? { childCount: item.folder.childCount }
      : { mimeType: item.file?.mimeType, size: item.size }),
    webUrl: item.webUrl,
    lastModifiedDateTime: item.lastModifiedDateTime,
    driveId: item.parentReference?.driveId,
  };
}

export const searchSites = defineCodeTool({
  name: "search_sites",
  title: "Search SharePoint sites",
  description:
    'Use to find SharePoint sites (team and communication sites) by keyword, to then list their document libraries with list_drives. Returns { value: [site: id, displayName, name, webUrl, description], nextLink when there are more }. Example: {"query": "marketing"}. When the answer has nextLink, call again with {"nextLink": …}.',
  input: z.strictObject({
    query: z
      .string()
      .min(1)
      .max(500)
      .optional()
      .describe('Words in the site\'s name or description, e.g. "marketing".'),
    nextLink: nextLinkArg,
  }),
  annotations: readOnly,
  async run({ query, nextLink }, context) {
    if (!query && !nextLink) {
      return { isError: true, content: [{ type: "text", text: "Give query (or nextLink)." }] };
    }
    return graphPageResult<Record<string, unknown>>(
      context,
      { method: "GET", path: "/sites", query: { search: query } },
      nextLink,
      ({ id, displayName, name, webUrl, description }) => ({
        id,
        displayName,
        name,
        webUrl,
        description,
      }),
    );
  },
});

export const listDrives = defineCodeTool({
  name: "list_drives",
  title: "List a site's document libraries",
  description:
    'Use after search_sites to see a site\'s document libraries (drives), whose ids list_items, read_file and upload_file take. Returns { value: [drive: id, name, description, webUrl, driveType], nextLink when there are more }. Example: {"siteId": "contoso.sharepoint.com,2C712604-1370-44E7-A1F5-426573FDA80A,2D2244C3-251A-49EA-93A8-39E1C3A060FE"}.',
  input: z.strictObject({
    siteId: graphId("The site id from search_sites (host,site-guid,web-guid)."),
    nextLink: nextLinkArg,
  }),
  annotations: readOnly,
  async run({ siteId, nextLink }, context) {
    return graphPageResult(
      context,
      {
        method: "GET",
        path: `/sites/${enc(siteId)}/drives`,
        query: { $select: "id,name,description,webUrl,driveType" },
      },
      nextLink,
    );
  },
});

// GET /sites/{site-id}/drive: the site's default document library ("Documents").
// https://learn.microsoft.com/graph/api/drive-get
export const getDefaultDrive = defineCodeTool({
  name: "get_default_drive",
  title: "Get a site's default document library",
  description:
    'Use after search_sites to get the site\'s main document library (its "Documents"), whose id list_items, read_file and upload_file take; list_drives shows all of them. Returns the drive: { id, name, description, webUrl, driveType, quota }. Example: {"siteId": "contoso.sharepoint.com,2C712604-1370-44E7-A1F5-426573FDA80A,2D2244C3-251A-49EA-93A8-39E1C3A060FE"}.',
  input: z.strictObject({ siteId: graphId("The site id from search_sites (host,site-guid,web-guid).") }),
  annotations: readOnly,
  async run({ siteId }, context) {
    return jsonResult(
      await context.request<Record<string, unknown>>({
        method: "GET",
        path: `/sites/${enc(siteId)}/drive`,
        query: { $select: "id,name,description,webUrl,driveType,quota" },
      }),
    );
  },
});

export const listItems = defineCodeTool({
  name: "list_items",
  title: "List files and folders",
  description:
    'Use to browse a document library: the files and folders at its top level, or inside a folder. Returns { value: [item: id, name, kind (file or folder), mimeType, size or childCount, webUrl, lastModifiedDateTime], nextLink when there are more }. Read a file with read_file; open a folder by passing its id as folderId. Example: {"driveId": "b!t18F8ybsHUq1z3LTz8xvZqP8zaSWjkFNhsME-Fepo75dTf9vQKfeRblBZjoSQrd7", "folderId": "01NKDM7HMOJTVYMDOSXFDK2QJDXCDI3WUK"}.',
  input: z.strictObject({
    driveId,
    folderId: graphId("A folder's item id; default: the library's top level.").optional(),
    top: top.describe("Items per page (1 to 999; Graph's default is 200)."),
    nextLink: nextLinkArg,
  }),
  annotations: readOnly,
  async run({ driveId, folderId, top, nextLink }, context) {
    return graphPageResult<DriveItem>(
      context,
      {
        method: "GET",
        path: folderId
          ? `/drives/${enc(driveId)}/items/${enc(folderId)}/children`
          : `/drives/${enc(driveId)}/root/children`,
        query: { $top: top, $select: ITEM_FIELDS },
      },
      nextLink,
      itemSummary,
    );
  },
});

export const readFile = defineCodeTool({
  name: "read_file",
  title: "Read a file's content",
  description:
    'Use to read what a file says: text, CSV, JSON, Markdown and HTML files come back as they are; Word (.docx), PowerPoint (.pptx) and PDF files as their text, Excel (.xlsx) as comma-separated rows per sheet. Other files (images, old .doc/.xls) come back as their details with a note. Text beyond 100,000 characters is cut. Example: {"driveId": "b!t18F8ybsHUq1z3LTz8xvZq…", "itemId": "01NKDM7HMOJTVYMDOSXFDK2QJDXCDI3WUK"}.',
  input: z.strictObject({
    driveId,
    itemId: graphId("The file's item id (list_items or a search hit)."),
  }),
  annotations: readOnly,
  async run({ driveId, itemId }, context) {
    const item = await context.request<DriveItem>({
      method: "GET",
      path: `/drives/${enc(driveId)}/items/${enc(itemId)}`,
    });
    const file = itemSummary(item);
    const mimeType = item.file?.mimeType ?? "";
    const binary = readableBinaryTypes.has(mimeType);
    const downloadUrl = item["@microsoft.graph.downloadUrl"];
    if (!item.file || !downloadUrl || (!binary && !isTextType(mimeType))) {
      const what = item.folder ? "a folder: list it with list_items" : `a ${mimeType || "binary"} file`;
      return jsonResult({ file, note: `This is ${what}; its content cannot be read as text here.` });
    }
    // The download URL is signed for a few minutes and takes no Authorization header.
    const download = await context.requestBytes(
      { method: "GET", path: "", preauthenticated: downloadUrl, accept: "*/*" },
      MAX_DOWNLOAD_BYTES,
    );
    if (download.truncated) {
      return jsonResult({
        file,
        note: `The file is larger than ${MAX_DOWNLOAD_BYTES / 1048576} MB, the most Portico reads; open webUrl to see it.`,
      });
    }
    const read = binary
      ? await textOfFile(download.bytes, mimeType)
      : { text: new TextDecoder().decode(download.bytes) };
    if ("note" in read) return jsonResult({ file, note: `${read.note} Open webUrl to see it.` });
    return jsonResult({ file, ...cutText(read.text) });
  },
});

export const uploadFile = defineCodeTool({
  name: "upload_file",
  title: "Upload a text file",
  description:
    'Use to save text as a file in a document library — notes, a CSV, a Markdown report — at the top level or in a folder (up to 4 MB here). An existing file of the same name is replaced unless conflictBehavior says otherwise. Returns the file: { id, name, kind, size, webUrl }. Example: {"driveId": "b!t18F8ybsHUq1z3LTz8xvZq…", "name": "Meeting notes.md", "content": "# Agreed\\n- …"}.',
  input: z.strictObject({
    driveId,
    folderId: graphId("The folder's item id to upload into; default: the library's top level.").optional(),
    name: z
      .string()
      .min(1)
      .max(255)
      .regex(/^[^"*:<>?/\\|\r\n]+$/, 'a file name without " * : < > ? / \\ |')
      .describe('The file name with its extension, e.g. "notes.txt" or "prices.csv".'),
    content: z.string().max(4_000_000).describe("The file's content as text (UTF-8)."),
    conflictBehavior: z
      .enum(["replace", "rename", "fail"])
      .optional()
      .describe(
        "When a file of that name exists: replace it (Graph's default), rename the new one, or fail.",
      ),
  }),
  annotations: destructive,
  async run({ driveId, folderId, name, content, conflictBehavior }, context) {
    const parent = folderId ? `/items/${enc(folderId)}` : "/root";
    const item = await context.request<DriveItem>({
      method: "PUT",
      path: `/drives/${enc(driveId)}${parent}:/${enc(name)}:/content`,
      query: { "@microsoft.graph.conflictBehavior": conflictBehavior },
      content: { type: "text/plain", body: content },
    });
    return jsonResult(itemSummary(item));
  },
});

interface SearchHit {
  hitId?: string;
  summary?: string;
  resource?: DriveItem & { "@odata.type"?: string };
}

export const searchFiles = defineCodeTool({
  name: "search_files",
  title: "Search files (Microsoft Search)",
  description:
    'Use to find documents across all SharePoint sites and OneDrive the user can open, by words in their name or content (KQL, e.g. "budget 2026", "filetype:docx contract", "author:\\"Ana Novak\\""). Returns { total, hits: [{ id, name, driveId, webUrl, summary (matched words marked), size, lastModifiedDateTime }], nextFrom when there are more }. Read a hit with read_file (its driveId and id). Example: {"query": "quarterly report filetype:pptx", "size": 10}. For the next page call again with from = nextFrom.',
  input: z.strictObject({
    query: z.string().min(1).max(1000).describe('KQL search text, e.g. "contract filetype:docx".'),
    from: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("How many hits to skip: the nextFrom of the previous page."),
    size: z.number().int().min(1).max(500).optional().describe("Hits per page (1 to 500; default 25)."),
  }),
  annotations: readOnly,
  async run({ query, from, size }, context) {
    const answer = await context.request<{
      value?: { hitsContainers?: { hits?: SearchHit[]; total?: number; moreResultsAvailable?: boolean }[] }[];
    }>({
      method: "POST",
      path: "/search/query",
      body: {
        requests: [
          {
            entityTypes: ["driveItem"],
            query: { queryString: query },
            from: from ?? 0,
            size: size ?? 25,
          },
        ],
      },
    });
    const container = answer.value?.[0]?.hitsContainers?.[0];
    const hits = (container?.hits ?? []).map(({ hitId, summary, resource }) => ({
      id: resource?.id ?? hitId,
      name: resource?.name,
      driveId: resource?.parentReference?.driveId,
      webUrl: resource?.webUrl,
      summary,
      size: resource?.size,
      lastModifiedDateTime: resource?.lastModifiedDateTime,
    }));
    const nextFrom = (from ?? 0) + hits.length;
    return jsonResult({
      total: container?.total ?? hits.length,
      hits,
      ...(container?.moreResultsAvailable ? { nextFrom } : {}),
    });
  },
});

export const sharepointCodeTools = [
  searchSites,
  listDrives,
  getDefaultDrive,
  listItems,
  readFile,
  getFileContent,
  uploadFile,
  searchFiles,
];
