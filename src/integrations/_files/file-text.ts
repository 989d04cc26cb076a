// Text out of downloaded files, for read_file: PDF through unpdf (MIT, PDF.js built for servers, loaded
// only when a PDF is read), Office Open XML (docx, xlsx, pptx) unzipped with fflate (MIT) and their
// text runs read from the XML parts ECMA-376 names (word/document.xml, xl/sharedStrings.xml and
// xl/worksheets/*, ppt/slides/*). Layout, images and formulas are not kept: the words and the cells are.
import { unzipSync } from "fflate";

export const PDF = "application/pdf";
export const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
export const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation";
export const readableBinaryTypes = new Set([PDF, DOCX, XLSX, PPTX]);

/** The file's text, or a note saying why there is none (a scanned PDF, a damaged file). */
export type FileText = { text: string } | { note: string };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decodeXml = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, name: string) =>
    name.startsWith("#x") || name.startsWith("#X")
      ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
      : name.startsWith("#")
        ? String.fromCodePoint(Number(name.slice(1)))
        : (ENTITIES[name.toLowerCase()] ?? ""),
  );

/** The text of runs (`<w:t>`, `<a:t>`, `<t>`) with paragraph ends as newlines and tabs kept. */
function runsText(xml: string, prefix: "w" | "a"): string {
  return decodeXml(
    xml
      .replace(new RegExp(`<${prefix}:tab\\s*/>`, "g"), "\t")
      .replace(new RegExp(`<${prefix}:br\\s*/>`, "g"), "\n")
      .replace(new RegExp(`</${prefix}:p>`, "g"), "\n")
      .replace(
        new RegExp(`<${prefix}:t(?:\\s[^>]*)?>([^<]*)</${prefix}:t>|<[^>]+>`, "g"),
        (_, text) => text ?? "",
      ),
  )
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const byNumber = (a: string, b: string) =>
  Number(/(\d+)\.xml$/.exec(a)?.[1]) - Number(/(\d+)\.xml$/.exec(b)?.[1]);

function docxText(parts: Record<string, Uint8Array>, read: (name: string) => string): FileText {
  if (!parts["word/document.xml"]) return { note: "The file is not a Word document (no word/document.xml)." };
  return { text: runsText(read("word/document.xml"), "w") };
}

function pptxText(parts: Record<string, Uint8Array>, read: (name: string) => string): FileText {
  const slides = Object.keys(parts)
    .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
    .sort(byNumber);
  if (slides.length === 0) return { note: "The presentation has no slides." };
  return {
    text: slides.map((name, index) => `Slide ${index + 1}\n${runsText(read(name), "a")}`).join("\n\n"),
  };
}

/** Cell text: shared strings (t="s"), inline strings, booleans and numbers as written. */
function xlsxText(parts: Record<string, Uint8Array>, read: (name: string) => string): FileText {
  const shared = parts["xl/sharedStrings.xml"]
    ? [...read("xl/sharedStrings.xml").matchAll(/<si>([\s\S]*?)<\/si>/g)].map((item) =>
        decodeXml([...(item[1] ?? "").matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((t) => t[1]).join("")),
      )
    : [];
  const workbook = parts["xl/workbook.xml"] ? read("xl/workbook.xml") : "";
  const rels = parts["xl/_rels/workbook.xml.rels"] ? read("xl/_rels/workbook.xml.rels") : "";
  const targets = new Map(
    [...rels.matchAll(/<Relationship\b[^>]*>/g)].map((tag) => [
      /\bId="([^"]+)"/.exec(tag[0])?.[1],
      /\bTarget="([^"]+)"/.exec(tag[0])?.[1]?.replace(/^\/?(xl\/)?/, "xl/"),
    ]),
  );
  const sheets = [...workbook.matchAll(/<sheet\b[^>]*>/g)].map((tag) => ({
    name: decodeXml(/\bname="([^"]*)"/.exec(tag[0])?.[1] ?? "Sheet"),
    part: targets.get(/\br:id="([^"]+)"/.exec(tag[0])?.[1]),
  }));
  const found = sheets.filter((sheet) => sheet.part && parts[sheet.part]);
  if (found.length === 0) return { note: "The workbook has no sheets Portico can read." };
  const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  const text = found.map((sheet) => {
    const rows = [...read(sheet.part ?? "").matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)].map((row) =>
      [...(row[1] ?? "").matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)]
        .map((cell) => {
          const type = /\bt="([^"]+)"/.exec(cell[1] ?? "")?.[1];
          const inner = cell[2] ?? "";
          if (type === "inlineStr")
            return decodeXml([...inner.matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((t) => t[1]).join(""));
          const value = decodeXml(/<v>([^<]*)<\/v>/.exec(inner)?.[1] ?? "");
          if (type === "s") return shared[Number(value)] ?? "";
          if (type === "b") return value === "1" ? "TRUE" : "FALSE";
          return value;
        })
        .map(csvCell)
        .join(","),
    );
    return `Sheet: ${sheet.name}\n${rows.join("\n")}`;
  });
  return { text: text.join("\n\n") };
}

async function pdfText(bytes: Uint8Array): Promise<FileText> {
  // Loaded on first use: PDF.js is large and most calls never read a PDF.
  const { extractText, getDocumentProxy } = await import("unpdf");
  // PDF.js refuses Buffers (a Uint8Array subclass): give it a plain copy it may also transfer.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: true });
    return text.trim()
      ? { text: text.trim() }
      : { note: `The PDF (${totalPages} pages) has no text layer: it is probably scanned images.` };
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** `bytes` is the whole file (the caller refuses files over its cap instead of passing a cut one). */
export async function textOfFile(bytes: Uint8Array, mimeType: string): Promise<FileText> {
  try {
    if (mimeType === PDF) return await pdfText(bytes);
    // Only the XML parts, and none that would inflate beyond 20 MB (images and zip bombs stay packed).
    const parts = unzipSync(bytes, {
      filter: (file) => /\.(xml|rels)$/.test(file.name) && file.originalSize <= 20 * 1024 * 1024,
    });
    const read = (name: string) => new TextDecoder().decode(parts[name]);
    if (mimeType === DOCX) return docxText(parts, read);
    if (mimeType === XLSX) return xlsxText(parts, read);
    if (mimeType === PPTX) return pptxText(parts, read);
    return { note: `A ${mimeType} file cannot be read as text.` };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      note: `The file could not be read as ${mimeType === PDF ? "a PDF" : "an Office file"} (${reason}).`,
    };
  }
}
