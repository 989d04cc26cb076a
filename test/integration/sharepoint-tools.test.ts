// SharePoint's tool pack through /mcp against a fake Microsoft Graph written from Microsoft's reference:
// every tool's request checked exactly (method, path, query, bearer token, headers, body), site search
// followed to its second page by @odata.nextLink, the file read from its pre-authenticated download URL
// without the token (Word, Excel and PowerPoint turned into text), a Graph error as one clear sentence,
// and the token refreshed once after a 401.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { queryOf, type RecordedRequest, reseed } from "../fakes/http-fake.ts";
import { pdfWithText, pptx, xlsx, zipParts } from "../fakes/office-files.ts";
import { textOf } from "./google-world.ts";
import { startMicrosoftWorld } from "./microsoft-world.ts";
import { expectToolsDescribed, packTools } from "./tool-pack.ts";

const T = "sharepoint_";
const SITE =
  "contoso.sharepoint.com,2C712604-1370-44E7-A1F5-426573FDA80A,2D2244C3-251A-49EA-93A8-39E1C3A060FE";
const DRIVE = "b!t18F8ybsHUq1z3LTz8xvZqP8zaSWjkFNhsME-Fepo75dTf9vQKfeRblBZjoSQrd7";
const ITEM_FIELDS = "id,name,size,webUrl,lastModifiedDateTime,file,folder,parentReference";

const DOCX = zipParts({
  "[Content_Types].xml": "<Types/>",
  "word/document.xml":
    '<w:document xmlns:w="x"><w:body><w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t>Contract</w:t></w:r></w:p><w:p><w:r><w:t xml:space="preserve">Price: </w:t></w:r><w:r><w:t>2 &amp; 3 &lt;EUR&gt;</w:t></w:r><w:r><w:tab/><w:t>net</w:t></w:r></w:p></w:body></w:document>',
});
const XLSX = xlsx([
  {
    name: "Sheet 1",
    rows: [
      ["item", "price"],
      ["bolt", 2.5],
    ],
  },
]);
const PPTX = pptx([["Q2 plan", "Grow"], ["Next steps"]]);

const w = await startMicrosoftWorld(["sharepoint"]);
afterAll(() => w.close());
beforeEach(() => {
  w.graph.requests.length = 0;
  w.graph.downloads.length = 0;
  reseed(
    w.graph.sites,
    ...["Marketing", "Marketing EU", "Marketing US", "Finance"].map((displayName, index) => ({
      id: index === 0 ? SITE : `contoso.sharepoint.com,site-${index},web-${index}`,
      displayName,
      name: displayName.replace(/\s/g, ""),
      webUrl: `https://contoso.sharepoint.com/sites/${displayName.replace(/\s/g, "")}`,
      description: `${displayName} team site`,
    })),
  );
  reseed(w.graph.drives, { id: DRIVE, siteId: SITE, name: "Documents" });
  reseed(
    w.graph.items,
    { id: "01FOLDER", driveId: DRIVE, parentId: "root", name: "Contracts", folder: true },
    {
      id: "01NOTES",
      driveId: DRIVE,
      parentId: "root",
      name: "notes.md",
      mimeType: "text/markdown",
      content: Buffer.from("# Budget 2026\nAgreed."),
    },
    {
      id: "01DOCX",
      driveId: DRIVE,
      parentId: "01FOLDER",
      name: "contract.docx",
      mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      content: DOCX,
    },
    {
      id: "01XLSX",
      driveId: DRIVE,
      parentId: "01FOLDER",
      name: "prices.xlsx",
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      content: XLSX,
    },
    {
      id: "01PPTX",
      driveId: DRIVE,
      parentId: "root",
      name: "plan.pptx",
      mimeType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
      content: PPTX,
    },
    {
      id: "01PDF",
      driveId: DRIVE,
      parentId: "root",
      name: "invoice.pdf",
      mimeType: "application/pdf",
      content: pdfWithText(["Invoice 2026", "Total: 42 EUR"]),
    },
    {
      id: "01BADPDF",
      driveId: DRIVE,
      parentId: "root",
      name: "broken.pdf",
      mimeType: "application/pdf",
      content: Buffer.from("%PDF-1.7 not really"),
    },
    {
      id: "01PNG",
      driveId: DRIVE,
      parentId: "root",
      name: "logo.png",
      mimeType: "image/png",
      content: Buffer.from([0x89, 0x50]),
    },
  );
});

const only = w.onlyRequest;

describe("SharePoint tools on /mcp", () => {
  it("lists the pack's tools with their annotations and described parameters", async () => {
    const { tools, byName } = await packTools(w.client, T);
    expect([...byName.keys()].sort()).toEqual([
      "get_default_drive",
      "get_file_content",
      "list_drives",
      "list_items",
      "read_file",
      "search_files",
      "search_sites",
      "upload_file",
    ]);
    for (const name of [
      "search_sites",
      "list_drives",
      "get_default_drive",
      "list_items",
      "read_file",
      "get_file_content",
      "search_files",
    ])
      expect(byName.get(name)?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    // Uploading replaces a file of the same name by default.
    expect(byName.get("upload_file")?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
    });
    expectToolsDescribed(tools);
  });

  it("search_sites: keyword search followed to its second page by nextLink", async () => {
    const first = await w.call(`${T}search_sites`, { query: "marketing" });
    const request = only();
    expect([request.method, request.path, queryOf(request)]).toEqual([
      "GET",
      "/v1.0/sites",
      [["search", "marketing"]],
    ]);
    expect(request.headers.authorization).toBe(w.bearer());
    const page1 = first.structuredContent as {
      value: { id: string; displayName: string }[];
      nextLink: string;
    };
    expect(page1.value.map((site) => site.displayName)).toEqual(["Marketing", "Marketing EU"]);
    expect(page1.value[0]).toEqual({
      id: SITE,
      displayName: "Marketing",
      name: "Marketing",
      webUrl: "https://contoso.sharepoint.com/sites/Marketing",
      description: "Marketing team site",
    });

    w.graph.requests.length = 0;
    const second = await w.call(`${T}search_sites`, { nextLink: page1.nextLink });
    const next = only();
    expect(`${w.graph.url}${next.path}?${next.query.toString()}`).toBe(page1.nextLink);
    expect(next.query.get("search")).toBe("marketing");
    expect(second.structuredContent).toEqual({
      value: [expect.objectContaining({ displayName: "Marketing US" })],
    });
  });

  it("get_default_drive reads /sites/{id}/drive; an unknown site is Graph's 404", async () => {
    const result = await w.call(`${T}get_default_drive`, { siteId: SITE });
    const request = only();
    expect([request.method, request.path, queryOf(request)]).toEqual([
      "GET",
      `/v1.0/sites/${encodeURIComponent(SITE)}/drive`,
      [["$select", "id,name,description,webUrl,driveType,quota"]],
    ]);
    expect(request.headers.authorization).toBe(w.bearer());
    expect(result.structuredContent).toMatchObject({
      driveType: "documentLibrary",
      quota: { state: "normal" },
    });
    const missing = await w.call(`${T}get_default_drive`, { siteId: "contoso.sharepoint.com,nope,nope" });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe(
      "Microsoft answered HTTP 404: Requested site could not be found (itemNotFound)",
    );
  });

  it("list_drives", async () => {
    const result = await w.call(`${T}list_drives`, { siteId: SITE });
    const request = only();
    expect([request.method, request.path, queryOf(request)]).toEqual([
      "GET",
      `/v1.0/sites/${encodeURIComponent(SITE)}/drives`,
      [["$select", "id,name,description,webUrl,driveType"]],
    ]);
    expect(result.structuredContent).toMatchObject({
      value: [{ id: DRIVE, name: "Documents", driveType: "documentLibrary" }],
    });
  });

  it("list_items: the library's top level, then a folder", async () => {
    const top = await w.call(`${T}list_items`, { driveId: DRIVE, top: 50 });
    const request = only();
    expect([request.method, request.path, queryOf(request)]).toEqual([
      "GET",
      `/v1.0/drives/${DRIVE}/root/children`,
      [
        ["$top", "50"],
        ["$select", ITEM_FIELDS],
      ],
    ]);
    const items = (top.structuredContent as { value: { id: string; kind: string }[] }).value;
    expect(items.map((item) => [item.id, item.kind])).toEqual([
      ["01FOLDER", "folder"],
      ["01NOTES", "file"],
      ["01PPTX", "file"],
      ["01PDF", "file"],
      ["01BADPDF", "file"],
      ["01PNG", "file"],
    ]);
    w.graph.requests.length = 0;
    const inside = await w.call(`${T}list_items`, { driveId: DRIVE, folderId: "01FOLDER" });
    expect(only().path).toBe(`/v1.0/drives/${DRIVE}/items/01FOLDER/children`);
    expect(inside.structuredContent).toMatchObject({
      value: [
        { id: "01DOCX", name: "contract.docx", kind: "file", driveId: DRIVE },
        { id: "01XLSX", kind: "file" },
      ],
    });
  });

  it("read_file: a text file, downloaded from its downloadUrl without the token", async () => {
    const result = await w.call(`${T}read_file`, { driveId: DRIVE, itemId: "01NOTES" });
    const request = only();
    expect([request.method, request.path, queryOf(request)]).toEqual([
      "GET",
      `/v1.0/drives/${DRIVE}/items/01NOTES`,
      [],
    ]);
    expect(request.headers.authorization).toBe(w.bearer());
    expect(w.graph.downloads).toHaveLength(1);
    const download = w.graph.downloads[0] as RecordedRequest;
    expect([download.method, download.path, download.query.get("tempauth")]).toEqual([
      "GET",
      "/download/01NOTES",
      "signed",
    ]);
    expect(download.headers.authorization).toBeUndefined();
    expect(result.structuredContent).toMatchObject({
      file: { id: "01NOTES", name: "notes.md", mimeType: "text/markdown" },
      text: "# Budget 2026\nAgreed.",
    });
  });

  it("get_file_content: /content answers 302; the download URL is read without the token", async () => {
    const result = await w.call(`${T}get_file_content`, { driveId: DRIVE, itemId: "01NOTES" });
    const request = only();
    expect([request.method, request.path, queryOf(request), request.body]).toEqual([
      "GET",
      `/v1.0/drives/${DRIVE}/items/01NOTES/content`,
      [],
      "",
    ]);
    expect(request.headers.authorization).toBe(w.bearer());
    const download = w.graph.downloads[0] as RecordedRequest;
    expect(w.graph.downloads).toHaveLength(1);
    expect([download.path, download.query.get("tempauth")]).toEqual(["/download/01NOTES", "signed"]);
    expect(download.headers.authorization).toBeUndefined();
    expect(result.structuredContent).toEqual({
      driveId: DRIVE,
      itemId: "01NOTES",
      contentType: "text/markdown",
      bytesRead: 21,
      text: "# Budget 2026\nAgreed.",
      truncated: false,
    });
  });

  it("get_file_content: cut at 1 MB; a PDF is a note; an unknown item is Graph's 404", async () => {
    w.graph.items.push({
      id: "01BIGCSV",
      driveId: DRIVE,
      parentId: "root",
      name: "big.csv",
      mimeType: "text/csv",
      content: Buffer.from("a,b\n".repeat(400_000)),
    });
    const big = await w.call(`${T}get_file_content`, { driveId: DRIVE, itemId: "01BIGCSV" });
    expect(big.structuredContent).toMatchObject({
      contentType: "text/csv",
      bytesRead: 1024 * 1024,
      truncated: true,
    });
    const pdf = await w.call(`${T}get_file_content`, { driveId: DRIVE, itemId: "01PDF" });
    expect(pdf.isError).toBeFalsy();
    expect(pdf.structuredContent).toEqual({
      driveId: DRIVE,
      itemId: "01PDF",
      contentType: "application/pdf",
      note: "This is a application/pdf file, not text: read_file turns Word, Excel, PowerPoint and PDF files into text.",
    });
    w.graph.downloads.length = 0;
    const missing = await w.call(`${T}get_file_content`, { driveId: DRIVE, itemId: "01GONE" });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe(
      "Microsoft answered HTTP 404: The resource could not be found. (itemNotFound)",
    );
    expect(w.graph.downloads).toHaveLength(0);
  });

  it("read_file: Word, Excel and PowerPoint files as text", async () => {
    const word = await w.call(`${T}read_file`, { driveId: DRIVE, itemId: "01DOCX" });
    expect((word.structuredContent as { text: string }).text).toBe("Contract\nPrice: 2 & 3 <EUR>\tnet");
    const excel = await w.call(`${T}read_file`, { driveId: DRIVE, itemId: "01XLSX" });
    expect((excel.structuredContent as { text: string }).text).toBe("Sheet: Sheet 1\nitem,price\nbolt,2.5");
    const slides = await w.call(`${T}read_file`, { driveId: DRIVE, itemId: "01PPTX" });
    expect((slides.structuredContent as { text: string }).text).toBe(
      "Slide 1\nQ2 plan\nGrow\n\nSlide 2\nNext steps",
    );
  });

  it("read_file: a PDF as its text; a damaged one as a note", async () => {
    const invoice = await w.call(`${T}read_file`, { driveId: DRIVE, itemId: "01PDF" });
    expect(invoice.structuredContent).toMatchObject({
      file: { id: "01PDF", mimeType: "application/pdf" },
      text: "Invoice 2026\nTotal: 42 EUR",
    });
    const broken = await w.call(`${T}read_file`, { driveId: DRIVE, itemId: "01BADPDF" });
    expect(broken.isError).toBeFalsy();
    expect(broken.structuredContent).toMatchObject({
      note: expect.stringMatching(/^The file could not be read as a PDF \(.+\)\. Open webUrl to see it\.$/),
    });
  });

  it("read_file: an image comes back as its details with a note, not downloaded", async () => {
    const result = await w.call(`${T}read_file`, { driveId: DRIVE, itemId: "01PNG" });
    expect(result.structuredContent).toEqual({
      file: expect.objectContaining({ id: "01PNG", mimeType: "image/png" }),
      note: "This is a image/png file; its content cannot be read as text here.",
    });
    expect(w.graph.downloads).toHaveLength(0);
  });

  it("upload_file: PUT of text content under the file name, into a folder", async () => {
    const result = await w.call(`${T}upload_file`, {
      driveId: DRIVE,
      folderId: "01FOLDER",
      name: "Meeting notes.md",
      content: "# Agreed\n- ship it",
      conflictBehavior: "rename",
    });
    const request = only();
    expect(request.method).toBe("PUT");
    expect(request.path).toBe(`/v1.0/drives/${DRIVE}/items/01FOLDER:/Meeting%20notes.md:/content`);
    expect(queryOf(request)).toEqual([["@microsoft.graph.conflictBehavior", "rename"]]);
    expect(request.headers["content-type"]).toBe("text/plain");
    expect(request.headers.authorization).toBe(w.bearer());
    expect(request.body).toBe("# Agreed\n- ship it");
    expect(result.structuredContent).toMatchObject({ name: "Meeting notes.md", kind: "file", size: 18 });
  });

  it("upload_file: at the top level; conflictBehavior fail answers Graph's 409 as a sentence", async () => {
    const replaced = await w.call(`${T}upload_file`, { driveId: DRIVE, name: "notes.md", content: "v2" });
    const request = only();
    expect([request.path, queryOf(request)]).toEqual([`/v1.0/drives/${DRIVE}/root:/notes.md:/content`, []]);
    expect(replaced.structuredContent).toMatchObject({ id: "01NOTES", size: 2 });
    const refused = await w.call(`${T}upload_file`, {
      driveId: DRIVE,
      name: "notes.md",
      content: "v3",
      conflictBehavior: "fail",
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe(
      "Microsoft answered HTTP 409: The specified item name already exists. (nameAlreadyExists)",
    );
  });

  it("search_files: Microsoft Search over driveItems, paged with from and size", async () => {
    const first = await w.call(`${T}search_files`, { query: "budget", size: 1 });
    const request = only();
    expect([request.method, request.path]).toEqual(["POST", "/v1.0/search/query"]);
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.headers.authorization).toBe(w.bearer());
    expect(JSON.parse(request.body)).toEqual({
      requests: [{ entityTypes: ["driveItem"], query: { queryString: "budget" }, from: 0, size: 1 }],
    });
    expect(first.structuredContent).toEqual({
      total: 1,
      hits: [
        {
          id: "01NOTES",
          name: "notes.md",
          driveId: DRIVE,
          webUrl: "https://contoso.sharepoint.com/sites/marketing/Shared%20Documents/notes.md",
          summary: "<c0>budget</c0> in notes.md <ddd/>",
          size: 21,
          lastModifiedDateTime: "2026-02-20T09:00:00Z",
        },
      ],
    });

    w.graph.requests.length = 0;
    const paged = await w.call(`${T}search_files`, { query: "2026", size: 1 });
    expect(paged.structuredContent).toMatchObject({ total: 2, hits: [{ name: "notes.md" }], nextFrom: 1 });
    w.graph.requests.length = 0;
    const second = await w.call(`${T}search_files`, { query: "2026", size: 1, from: 1 });
    expect(JSON.parse(only().body).requests[0]).toMatchObject({ from: 1, size: 1 });
    expect(second.structuredContent).not.toHaveProperty("nextFrom");
    expect(second.structuredContent).toMatchObject({ hits: [{ name: "invoice.pdf" }] });
    expect((second.structuredContent as { hits: unknown[] }).hits).toHaveLength(1);
  });

  it("a Graph error is one clear sentence", async () => {
    const result = await w.call(`${T}list_items`, { driveId: "b!missing" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      "Microsoft answered HTTP 404: The resource could not be found. (itemNotFound)",
    );
  });

  it("refreshes once after a 401 and sends the request again", async () => {
    const before = w.oauth.refreshRequests.length;
    const old = w.currentToken();
    w.refuseCurrentToken();
    const result = await w.call(`${T}list_drives`, { siteId: SITE });
    expect(result.isError).toBeFalsy();
    expect(w.oauth.refreshRequests.length - before).toBe(1);
    expect(w.apiRequests().map((request) => request.headers.authorization)).toEqual([
      `Bearer ${old}`,
      w.bearer(),
    ]);
  });

  it("a second 401 after the refresh is the answer, with what to do", async () => {
    const before = w.oauth.refreshRequests.length;
    w.refuseCurrentToken();
    const refuse = w.graph.acceptsToken;
    w.graph.acceptsToken = () => false;
    try {
      const result = await w.call(`${T}list_drives`, { siteId: SITE });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(
        "Microsoft answered HTTP 401: Access token has expired or is not yet valid. (InvalidAuthenticationToken) The Microsoft connection's access was refused: reconnect Microsoft in the organization's integrations.",
      );
      expect(w.oauth.refreshRequests.length - before).toBe(1);
    } finally {
      w.graph.acceptsToken = refuse;
    }
  });
});
