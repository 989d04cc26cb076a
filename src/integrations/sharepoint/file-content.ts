// get_file_content: a file's bytes by drive and item id through Graph's content endpoint
// (GET /drives/{drive-id}/items/{item-id}/content), which answers 302 Found to the item's pre-authenticated
// download URL. The engine reads that redirect and fetches the URL without the token (redirect:
// "preauthenticated"), so one call gets the content. Text comes back as text, anything else as a sentence
// naming its type; at most MAX_BYTES are downloaded.
// https://learn.microsoft.com/graph/api/driveitem-get-content
import { z } from "zod";
import { defineCodeTool, jsonResult } from "../_kit/code-tools.ts";
import { readOnly } from "../_kit/tool-annotations.ts";
import { enc, graphId } from "../_microsoft/graph.ts";

const MAX_BYTES = 1024 * 1024;

/** Types whose bytes a model can read as they are. */
export const isTextType = (mimeType: string) =>
  mimeType.startsWith("text/") ||
  /^application\/(json|xml|javascript|x-yaml|yaml|csv|x-sh|sql)\b/.test(mimeType) ||
  /\+(json|xml)\b/.test(mimeType);

export const getFileContent = defineCodeTool({
  name: "get_file_content",
  title: "Get a text file's content",
  description:
    'Use to read a plain-text file as it is (text, Markdown, CSV, JSON, XML, HTML, code) by its drive and item id, in one call. Returns { driveId, itemId, contentType, bytesRead, text, truncated }; only the first 1 MB is read (truncated: true when there is more). Other files (Word, Excel, PowerPoint, PDF, images) come back as a note: use read_file, which turns Office and PDF files into text. Example: {"driveId": "b!t18F8ybsHUq1z3LTz8xvZq…", "itemId": "01NKDM7HMOJTVYMDOSXFDK2QJDXCDI3WUK"}.',
  input: z.strictObject({
    driveId: graphId("The drive (document library) id, from list_drives or a search hit's driveId."),
    itemId: graphId("The file's item id (list_items or a search hit)."),
  }),
  annotations: readOnly,
  async run({ driveId, itemId }, context) {
    const download = await context.requestBytes(
      {
        method: "GET",
        path: `/drives/${enc(driveId)}/items/${enc(itemId)}/content`,
        redirect: "preauthenticated",
        accept: "*/*",
      },
      MAX_BYTES,
    );
    const contentType = download.contentType.split(";")[0]?.trim().toLowerCase() || "unknown";
    if (!isTextType(contentType)) {
      return jsonResult({
        driveId,
        itemId,
        contentType,
        note: `This is a ${contentType} file, not text: read_file turns Word, Excel, PowerPoint and PDF files into text.`,
      });
    }
    // A cut in the middle of a UTF-8 sequence decodes to one replacement character at the end.
    const text = new TextDecoder().decode(download.bytes);
    return jsonResult({
      driveId,
      itemId,
      contentType,
      bytesRead: download.bytes.length,
      text,
      truncated: download.truncated,
    });
  },
});
