// Word, Excel and PowerPoint files (Office Open XML: a ZIP of XML parts, ECMA-376) → plain text, with
// Node's own zlib and no dependency: the ZIP's central directory names the parts, each is stored or
// deflated. Only the text is wanted, so the XML is read with a few patterns rather than parsed.
// ZIP: https://pkware.cachefly.net/webdocs/casestudies/APPNOTE.TXT (central directory, sections 4.3.12–16)
import { inflateRawSync } from "node:zlib";

/** A part larger than this when inflated is not read (a ZIP bomb costs nothing). */
const MAX_PART_BYTES = 20 * 1024 * 1024;

export const OFFICE_TYPES: Record<string, "docx" | "xlsx" | "pptx"> = {
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
};

/** The ZIP's parts by name, inflated on demand; null when the bytes are not a ZIP this can read. */
export function zipParts(zip: Buffer): Map<string, () => Buffer> | null {
  // The end-of-central-directory record is the last 22 bytes plus a comment of up to 64 KB.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const parts = new Map<string, () => Buffer>();
  for (let index = 0; index < count; index++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) return null;
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const name = zip.toString("utf8", at + 46, at + 46 + nameLength);
    parts.set(name, () => {
      const local =
        localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
      const data = zip.subarray(local, local + compressedSize);
      if (method === 0) return data;
      if (method === 8) return inflateRawSync(data, { maxOutputLength: MAX_PART_BYTES });
      throw new Error(`ZIP compression method ${method} is not supported`);
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return parts;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity[0] === "#") {
      const code =
        entity[1] === "x" || entity[1] === "X"
          ? Number.parseInt(entity.slice(2), 16)
          : Number(entity.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity] ?? whole;
  });
}

/** The text of runs (<w:t>, <a:t>) in order, paragraphs ending in a line break. */
function runText(xml: string, prefix: "w" | "a"): string {
  const pattern = new RegExp(
    `<${prefix}:t(?:\\s[^>]*)?>([^<]*)</${prefix}:t>|</${prefix}:p>|<${prefix}:tab/>|<${prefix}:(?:br|cr)\\b[^>]*/>`,
    "g",
  );
  let text = "";
  for (const match of xml.matchAll(pattern)) {
    if (match[1] !== undefined) text += decodeXml(match[1]);
    else text += match[0].includes(":tab") ? "\t" : "\n";
  }
  return text.replace(/\n{3,}/g, "\n\n").trim();
}

const byNumber = (prefix: string, suffix: string) => (a: string, b: string) =>
  Number(a.slice(prefix.length, -suffix.length)) - Number(b.slice(prefix.length, -suffix.length));

function numbered(parts: Map<string, () => Buffer>, prefix: string, suffix: string): string[] {
  return [...parts.keys()]
    .filter(
      (name) =>
        name.startsWith(prefix) &&
        name.endsWith(suffix) &&
        /^\d+$/.test(name.slice(prefix.length, -suffix.length)),
    )
    .sort(byNumber(prefix, suffix));
}

function sheetText(xml: string, shared: string[]): string {
  const rows: string[] = [];
  for (const row of xml.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells: string[] = [];
    for (const cell of (row[1] ?? "").matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const type = /\bt="(\w+)"/.exec(cell[1] ?? "")?.[1];
      const inner = cell[2] ?? "";
      const value = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1] ?? "";
      cells.push(
        type === "s"
          ? (shared[Number(value)] ?? "")
          : type === "inlineStr"
            ? decodeXml(inner.replace(/<[^>]*>/g, ""))
            : decodeXml(value),
      );
    }
    rows.push(cells.join("\t"));
  }
  return rows.join("\n");
}

/** The document's text, or null when the file cannot be read as Office Open XML. */
export function officeText(kind: "docx" | "xlsx" | "pptx", file: Buffer): string | null {
  const parts = zipParts(file);
  if (!parts) return null;
  const read = (name: string) => parts.get(name)?.().toString("utf8");
  if (kind === "docx") {
    const body = read("word/document.xml");
    return body === undefined ? null : runText(body, "w");
  }
  if (kind === "pptx") {
    const slides = numbered(parts, "ppt/slides/slide", ".xml");
    if (slides.length === 0) return null;
    return slides
      .map((name, index) => `# Slide ${index + 1}\n${runText(read(name) ?? "", "a")}`)
      .join("\n\n");
  }
  const shared = [...(read("xl/sharedStrings.xml") ?? "").matchAll(/<si>([\s\S]*?)<\/si>/g)].map((item) =>
    decodeXml((item[1] ?? "").replace(/<rPh\b[\s\S]*?<\/rPh>/g, "").replace(/<[^>]*>/g, "")),
  );
  const sheets = numbered(parts, "xl/worksheets/sheet", ".xml");
  if (sheets.length === 0) return null;
  return sheets
    .map((name, index) => `# Sheet ${index + 1}\n${sheetText(read(name) ?? "", shared)}`)
    .join("\n\n");
}
