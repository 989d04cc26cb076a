// Google Drive's tool pack through /mcp against a fake Drive API written from Google's reference:
// every tool's request checked exactly (method, path, query, bearer token, body), a search followed to
// its second page, Docs/Sheets exported as text/CSV, a multipart upload, a Google error, and a refresh.
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { RecordedRequest } from "../fakes/http-fake.ts";
import { docx, pdfWithText, pptx, xlsx } from "../fakes/office-files.ts";
import { startGoogleWorld, textOf } from "./google-world.ts";

const BASE = "/drive/v3";
const SHEET = "application/vnd.google-apps.spreadsheet";

const w = await startGoogleWorld(["google-drive"]);
afterAll(() => w.close());
beforeEach(() => {
  w.calendar.requests.length = 0;
  w.drive.permissions.length = 0;
  w.drive.files.splice(
    0,
    w.drive.files.length,
    {
      id: "doc1",
      name: "Offer 2026",
      mimeType: "application/vnd.google-apps.document",
      parents: ["root"],
      content: "Dear Ana,\nour offer.",
    },
    { id: "sheet1", name: "Prices 2026", mimeType: SHEET, parents: ["root"], content: "item,price\nbolt,2" },
    { id: "sheet2", name: "Budget 2026", mimeType: SHEET, parents: ["root"] },
    { id: "sheet3", name: "Costs 2026", mimeType: SHEET, parents: ["root"] },
    { id: "notes1", name: "notes.md", mimeType: "text/markdown", parents: ["root"], content: "# Notes" },
    { id: "pdf1", name: "contract.pdf", mimeType: "application/pdf", parents: ["root"], content: "%PDF-1.7" },
    { id: "png1", name: "logo.png", mimeType: "image/png", parents: ["root"], content: "\u0089PNG" },
    { id: "folderOld", name: "Old", mimeType: "application/vnd.google-apps.folder", parents: ["root"] },
    { id: "folderNew", name: "New", mimeType: "application/vnd.google-apps.folder", parents: ["root"] },
  );
});

const requests = () => w.calendar.requests;
const only = (): RecordedRequest => {
  expect(requests()).toHaveLength(1);
  return requests()[0] as RecordedRequest;
};
const line = (request: RecordedRequest | undefined) => [
  request?.method,
  request?.path,
  [...(request?.query.entries() ?? [])],
];

describe("Google Drive tools on /mcp", () => {
  it("lists the pack's tools with their annotations", async () => {
    const tools = (await w.client.listTools()).tools.filter((tool) => tool.name.startsWith("google_drive_"));
    const hints = Object.fromEntries(
      tools.map((tool) => [
        tool.name.replace("google_drive_", ""),
        [tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint],
      ]),
    );
    expect(hints).toEqual({
      search_files: [true, false],
      create_folder: [false, false],
      get_file_metadata: [true, false],
      update_file: [false, false],
      share_file: [false, false],
      read_file: [true, false],
      upload_file: [false, false],
    });
  });

  it("search_files: Drive query syntax, followed to its second page", async () => {
    const q = `mimeType = '${SHEET}' and trashed = false`;
    const first = await w.call("google_drive_search_files", {
      q,
      pageSize: 2,
      fields: "nextPageToken,files(id,name)",
    });
    expect(line(only())).toEqual([
      "GET",
      `${BASE}/files`,
      [
        ["q", q],
        ["pageSize", "2"],
        ["fields", "nextPageToken,files(id,name)"],
      ],
    ]);
    expect(only().headers.authorization).toBe(w.bearer());
    const page1 = first.structuredContent as { files: { id: string }[]; nextPageToken: string };
    expect(page1.files).toEqual([
      { id: "sheet1", name: "Prices 2026" },
      { id: "sheet2", name: "Budget 2026" },
    ]);
    w.calendar.requests.length = 0;
    const second = await w.call("google_drive_search_files", {
      q,
      pageSize: 2,
      pageToken: page1.nextPageToken,
      fields: "nextPageToken,files(id,name)",
    });
    expect(line(only())[2]).toEqual([
      ["q", q],
      ["pageSize", "2"],
      ["pageToken", page1.nextPageToken],
      ["fields", "nextPageToken,files(id,name)"],
    ]);
    expect(second.structuredContent).toMatchObject({ files: [{ id: "sheet3", name: "Costs 2026" }] });
    expect(second.structuredContent).not.toHaveProperty("nextPageToken");
  });

  it("search_files: a quote inside a value is written \\' (Drive answers 400 to an unclosed one)", async () => {
    w.drive.files.push({ id: "obrien", name: "O'Brien offer", mimeType: SHEET, parents: ["root"] });
    const found = await w.call("google_drive_search_files", { q: "name contains 'O\\'Brien'" });
    expect(found.structuredContent).toMatchObject({ files: [{ id: "obrien" }] });
    const refused = await w.call("google_drive_search_files", { q: "name contains 'O'Brien'" });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toBe("Google answered HTTP 400: Invalid Value");
  });

  it("get_file_metadata", async () => {
    const result = await w.call("google_drive_get_file_metadata", {
      fileId: "pdf1",
      fields: "id,name,mimeType,parents",
    });
    expect(line(only())).toEqual(["GET", `${BASE}/files/pdf1`, [["fields", "id,name,mimeType,parents"]]]);
    expect(result.structuredContent).toEqual({
      id: "pdf1",
      name: "contract.pdf",
      mimeType: "application/pdf",
      parents: ["root"],
    });
  });

  it("read_file exports a Doc as text and a Sheet as CSV, downloads text files, and describes an image", async () => {
    const doc = await w.call("google_drive_read_file", { fileId: "doc1" });
    expect(requests().map(line)).toEqual([
      ["GET", `${BASE}/files/doc1`, [["fields", "id,name,mimeType,size,modifiedTime,webViewLink"]]],
      ["GET", `${BASE}/files/doc1/export`, [["mimeType", "text/plain"]]],
    ]);
    expect(doc.structuredContent).toMatchObject({ format: "text/plain", text: "Dear Ana,\nour offer." });

    w.calendar.requests.length = 0;
    const sheet = await w.call("google_drive_read_file", { fileId: "sheet1" });
    expect(line(requests()[1])).toEqual(["GET", `${BASE}/files/sheet1/export`, [["mimeType", "text/csv"]]]);
    expect(sheet.structuredContent).toMatchObject({ format: "text/csv", text: "item,price\nbolt,2" });

    w.calendar.requests.length = 0;
    const notes = await w.call("google_drive_read_file", { fileId: "notes1", supportsAllDrives: true });
    expect(line(requests()[1])).toEqual([
      "GET",
      `${BASE}/files/notes1`,
      [
        ["alt", "media"],
        ["supportsAllDrives", "true"],
      ],
    ]);
    expect(notes.structuredContent).toMatchObject({ text: "# Notes" });

    w.calendar.requests.length = 0;
    const png = await w.call("google_drive_read_file", { fileId: "png1" });
    expect(requests()).toHaveLength(1);
    expect(png.structuredContent).toMatchObject({
      file: { id: "png1" },
      note: expect.stringContaining("cannot be read as text"),
    });
  });

  it("read_file downloads PDF, Word, Excel and PowerPoint files (alt=media) and returns their text", async () => {
    const office = "application/vnd.openxmlformats-officedocument";
    const add = (id: string, mimeType: string, content: Buffer) =>
      w.drive.files.push({
        id,
        name: id,
        mimeType,
        parents: ["root"],
        content,
        size: String(content.length),
      });
    add("pdf2", "application/pdf", pdfWithText(["Contract of sale", "Price: 2 EUR"]));
    add("docx1", `${office}.wordprocessingml.document`, docx(["Dear Ana &amp; Bo,", "our offer."]));
    add(
      "xlsx1",
      `${office}.spreadsheetml.sheet`,
      xlsx([
        {
          name: "Prices",
          rows: [
            ["item", "price"],
            ["bolt, M8", 2],
          ],
        },
      ]),
    );
    add("pptx1", `${office}.presentationml.presentation`, pptx([["Q3 plan", "Grow"], ["Thanks"]]));
    const read = async (fileId: string) => {
      w.calendar.requests.length = 0;
      const result = await w.call("google_drive_read_file", { fileId });
      expect(requests().map(line)).toEqual([
        ["GET", `${BASE}/files/${fileId}`, [["fields", "id,name,mimeType,size,modifiedTime,webViewLink"]]],
        ["GET", `${BASE}/files/${fileId}`, [["alt", "media"]]],
      ]);
      expect(requests()[1]?.headers.authorization).toBe(w.bearer());
      return result.structuredContent as { text?: string; format?: string; note?: string };
    };
    expect(await read("pdf2")).toMatchObject({
      format: "application/pdf",
      text: "Contract of sale\nPrice: 2 EUR",
    });
    expect((await read("docx1")).text).toBe("Dear Ana & Bo,\nour offer.");
    expect((await read("xlsx1")).text).toBe('Sheet: Prices\nitem,price\n"bolt, M8",2');
    expect((await read("pptx1")).text).toBe("Slide 1\nQ3 plan\nGrow\n\nSlide 2\nThanks");
    // A file that is not what its type says is described with the reason, not an error.
    expect((await read("pdf1")).note).toBe("The file could not be read as a PDF (Invalid PDF structure.).");
  });

  it("read_file does not download PDF or Office files over 10 MB: their details come back with a note", async () => {
    w.drive.files.push({
      id: "big1",
      name: "scan.pdf",
      mimeType: "application/pdf",
      parents: ["root"],
      size: String(25 * 1024 * 1024),
    });
    const result = await w.call("google_drive_read_file", { fileId: "big1" });
    expect(requests()).toHaveLength(1);
    expect(result.structuredContent).toEqual({
      file: {
        id: "big1",
        name: "scan.pdf",
        mimeType: "application/pdf",
        size: String(25 * 1024 * 1024),
        webViewLink: "https://drive.google.com/file/d/big1/view",
      },
      note: "The file is 25.0 MB; Portico reads application/pdf files up to 10 MB. Open webViewLink to see it.",
    });
    // A file whose recorded size understates it is cut at the cap and described, not read in part.
    w.drive.files.push({
      id: "big2",
      name: "b.pdf",
      mimeType: "application/pdf",
      parents: ["root"],
      size: "10",
      content: Buffer.alloc(10 * 1024 * 1024 + 10, 32),
    });
    w.calendar.requests.length = 0;
    const cut = await w.call("google_drive_read_file", { fileId: "big2" });
    expect(requests()).toHaveLength(2);
    expect(cut.structuredContent).toMatchObject({ note: expect.stringContaining("larger than 10 MB") });
  });

  it("upload_file sends one multipart upload with the metadata and the content", async () => {
    const result = await w.call("google_drive_upload_file", {
      name: "Prices",
      content: "item,price\nnut,1",
      mimeType: "text/csv",
      convertTo: SHEET,
      parents: ["folderNew"],
    });
    const request = only();
    expect(line(request)).toEqual([
      "POST",
      "/upload/drive/v3/files",
      [
        ["uploadType", "multipart"],
        ["fields", "id,name,mimeType,webViewLink"],
      ],
    ]);
    const boundary = /^multipart\/related; boundary=(.+)$/.exec(String(request.headers["content-type"]))?.[1];
    expect(boundary).toBeTruthy();
    expect(request.body).toBe(
      [
        `--${boundary}`,
        "Content-Type: application/json; charset=UTF-8",
        "",
        JSON.stringify({ name: "Prices", mimeType: SHEET, parents: ["folderNew"] }),
        `--${boundary}`,
        "Content-Type: text/csv; charset=UTF-8",
        "",
        "item,price\nnut,1",
        `--${boundary}--`,
        "",
      ].join("\r\n"),
    );
    expect(result.structuredContent).toMatchObject({
      name: "Prices",
      mimeType: SHEET,
      webViewLink: expect.any(String),
    });
  });

  it("create_folder, update_file (move and rename) and share_file", async () => {
    const folder = { name: "Offers", mimeType: "application/vnd.google-apps.folder", parents: ["root"] };
    await w.call("google_drive_create_folder", { body: folder });
    expect(line(only())).toEqual(["POST", `${BASE}/files`, []]);
    expect(JSON.parse(only().body)).toEqual(folder);

    w.calendar.requests.length = 0;
    w.drive.files.find((file) => file.id === "doc1")?.parents.splice(0, 1, "folderOld");
    const moved = await w.call("google_drive_update_file", {
      fileId: "doc1",
      addParents: "folderNew",
      removeParents: "folderOld",
      fields: "id,name,parents",
      body: { name: "Offer v2" },
    });
    expect(line(only())).toEqual([
      "PATCH",
      `${BASE}/files/doc1`,
      [
        ["addParents", "folderNew"],
        ["removeParents", "folderOld"],
        ["fields", "id,name,parents"],
      ],
    ]);
    expect(JSON.parse(only().body)).toEqual({ name: "Offer v2" });
    expect(moved.structuredContent).toEqual({ id: "doc1", name: "Offer v2", parents: ["folderNew"] });

    w.calendar.requests.length = 0;
    const permission = { type: "user", role: "commenter", emailAddress: "ana@example.com" };
    const shared = await w.call("google_drive_share_file", {
      fileId: "doc1",
      sendNotificationEmail: true,
      emailMessage: "Here it is.",
      body: permission,
    });
    expect(line(only())).toEqual([
      "POST",
      `${BASE}/files/doc1/permissions`,
      [
        ["sendNotificationEmail", "true"],
        ["emailMessage", "Here it is."],
      ],
    ]);
    expect(JSON.parse(only().body)).toEqual(permission);
    expect(shared.structuredContent).toMatchObject({ kind: "drive#permission", role: "commenter" });
  });

  it("a Google error is one clear sentence", async () => {
    const result = await w.call("google_drive_get_file_metadata", { fileId: "missing" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe("Google answered HTTP 404: File not found: missing.");
  });

  it("refreshes an expired token before calling", async () => {
    const before = w.oauth.refreshRequests.length;
    await w.expireStoredToken();
    const result = await w.call("google_drive_get_file_metadata", { fileId: "pdf1" });
    expect(result.isError).toBeFalsy();
    expect(w.oauth.refreshRequests.length - before).toBe(1);
    expect(only().headers.authorization).toBe(w.bearer());
  });
});
