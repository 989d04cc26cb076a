// Google Drive's tools that are more than one documented request: reading a file as text (Google Docs,
// Sheets and Slides exported, text files downloaded) and uploading text content (a multipart upload).
// https://developers.google.com/workspace/drive/api/guides/ref-export-formats
// https://developers.google.com/workspace/drive/api/guides/manage-uploads#multipart
import { z } from "zod";
import { cutText } from "../_files/cut-text.ts";
import { readableBinaryTypes, textOfFile } from "../_files/file-text.ts";
import { defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { additive, readOnly } from "../_kit/tool-annotations.ts";

/** PDF and Office files larger than this are not downloaded: their details come back with a note. */
export const MAX_DOWNLOAD_BYTES = 10 * 1024 * 1024;
const METADATA_FIELDS = "id,name,mimeType,size,modifiedTime,webViewLink";

/** Google's own formats and the text format each is exported as. */
const EXPORTS: Record<string, string> = {
  "application/vnd.google-apps.document": "text/plain",
  "application/vnd.google-apps.spreadsheet": "text/csv",
  "application/vnd.google-apps.presentation": "text/plain",
};
const isText = (mimeType: string) =>
  mimeType.startsWith("text/") || /^application\/(json|xml|javascript|x-yaml|yaml|csv)\b/.test(mimeType);

interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  size?: string;
  modifiedTime?: string;
  webViewLink?: string;
}

const allDrives = z.boolean().optional().describe("Set true for files in shared drives.");

export const readFile = defineCodeTool({
  name: "read_file",
  title: "Read a file's content",
  description:
    'Use to read what a file says: Google Docs and Slides come back as plain text, Google Sheets as CSV (first sheet), text, CSV and JSON files as they are, PDF files as their text layer, Word (.docx) as paragraphs, Excel (.xlsx) as CSV per sheet and PowerPoint (.pptx) as text per slide. Other files (images, old .doc/.xls, PDFs or Office files over 10 MB, scanned PDFs) come back as their details with a note saying why there is no text. Text beyond 100,000 characters is cut. Example: {"fileId": "1A2b3C"}.',
  input: z.strictObject({
    fileId: z.string().min(1).max(200).describe("The file id (from search_files)."),
    supportsAllDrives: allDrives,
  }),
  annotations: readOnly,
  async run({ fileId, supportsAllDrives }, context) {
    const path = `/files/${encodeURIComponent(fileId)}`;
    const file = await context.request<DriveFile>({
      method: "GET",
      path,
      query: { fields: METADATA_FIELDS, supportsAllDrives },
    });
    const exportAs = EXPORTS[file.mimeType];
    if (readableBinaryTypes.has(file.mimeType)) {
      const size = Number(file.size ?? 0);
      if (size > MAX_DOWNLOAD_BYTES) {
        return jsonResult({
          file,
          note: `The file is ${(size / 1048576).toFixed(1)} MB; Portico reads ${file.mimeType} files up to ${MAX_DOWNLOAD_BYTES / 1048576} MB. Open webViewLink to see it.`,
        });
      }
      const download = await context.requestBytes(
        { method: "GET", path, query: { alt: "media", supportsAllDrives }, accept: "*/*" },
        MAX_DOWNLOAD_BYTES,
      );
      if (download.truncated) {
        return jsonResult({
          file,
          note: `The file is larger than ${MAX_DOWNLOAD_BYTES / 1048576} MB, the most Portico reads. Open webViewLink to see it.`,
        });
      }
      const read = await textOfFile(download.bytes, file.mimeType);
      if ("note" in read) return jsonResult({ file, note: read.note });
      return textResult(file, file.mimeType, read.text);
    }
    if (!exportAs && !isText(file.mimeType)) {
      return jsonResult({
        file,
        note: `A ${file.mimeType} file: its content cannot be read as text here. Open webViewLink to see it.`,
      });
    }
    const { text } = await context.requestText(
      exportAs
        ? { method: "GET", path: `${path}/export`, query: { mimeType: exportAs }, accept: exportAs }
        : { method: "GET", path, query: { alt: "media", supportsAllDrives }, accept: "*/*" },
    );
    return textResult(file, exportAs ?? file.mimeType, text);
  },
});

function textResult(file: DriveFile, format: string, text: string) {
  return jsonResult({ file, format, ...cutText(text) });
}

export const uploadFile = defineCodeTool({
  name: "upload_file",
  title: "Create a file",
  description:
    'Use to save text as a new file in Drive — a note, a CSV, a report — optionally converted into a Google Doc or Sheet. Returns the new file\'s id, name, mimeType and webViewLink. Example: {"name": "Meeting notes.txt", "content": "Agreed: …", "parents": ["0BfolderId"]}, or {"name": "Prices", "content": "item,price\\nbolt,2", "mimeType": "text/csv", "convertTo": "application/vnd.google-apps.spreadsheet"}.',
  input: z.strictObject({
    name: z.string().min(1).max(1000).describe("The file's name."),
    content: z.string().max(5_000_000).describe("The file's content as text."),
    mimeType: z
      .string()
      .regex(/^[\w.+-]+\/[\w.+-]+$/, "a MIME type such as text/plain")
      .default("text/plain")
      .describe(
        "The content's type: text/plain (default), text/csv, text/markdown, text/html, application/json.",
      ),
    convertTo: z
      .enum(["application/vnd.google-apps.document", "application/vnd.google-apps.spreadsheet"])
      .optional()
      .describe("Convert into a Google Doc (from text or HTML) or Google Sheet (from CSV)."),
    parents: z
      .array(z.string().min(1))
      .max(1)
      .optional()
      .describe("The folder's id to create it in; default My Drive."),
    description: z.string().max(10_000).optional().describe("A short description."),
    supportsAllDrives: allDrives,
  }),
  annotations: additive,
  async run(args, context) {
    const boundary = `portico-${crypto.randomUUID()}`;
    const metadata = {
      name: args.name,
      ...(args.convertTo ? { mimeType: args.convertTo } : {}),
      ...(args.parents ? { parents: args.parents } : {}),
      ...(args.description !== undefined ? { description: args.description } : {}),
    };
    const body = [
      `--${boundary}`,
      "Content-Type: application/json; charset=UTF-8",
      "",
      JSON.stringify(metadata),
      `--${boundary}`,
      `Content-Type: ${args.mimeType}; charset=UTF-8`,
      "",
      args.content,
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const created = await context.request<Record<string, unknown>>({
      method: "POST",
      base: "root",
      path: "/upload/drive/v3/files",
      query: {
        uploadType: "multipart",
        fields: "id,name,mimeType,webViewLink",
        supportsAllDrives: args.supportsAllDrives,
      },
      content: { type: `multipart/related; boundary=${boundary}`, body },
    });
    return jsonResult(created);
  },
});

export const driveCodeTools = [readFile, uploadFile];
