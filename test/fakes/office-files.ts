// Small real files for read_file's tests, built here rather than checked in: a PDF with a text layer
// (PDF 1.4 objects with a correct cross-reference table) and Office Open XML packages (docx, xlsx,
// pptx) with the parts ECMA-376 names, zipped with fflate.
import { strToU8, zipSync } from "fflate";

export function pdfWithText(lines: string[]): Buffer {
  const stream = `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((line) => `(${line.replace(/[()\\]/g, "\\$&")}) '`).join(" ")} ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

export const zipParts = (parts: Record<string, string>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(parts).map(([name, xml]) => [name, strToU8(xml)]))));

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
export function docx(paragraphs: string[]): Buffer {
  const body = paragraphs
    .map((text) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`)
    .join("");
  return zipParts({
    "[Content_Types].xml": "<Types/>",
    "word/document.xml": `<?xml version="1.0"?><w:document ${W}><w:body>${body}</w:body></w:document>`,
  });
}

export function xlsx(sheets: { name: string; rows: (string | number)[][] }[]): Buffer {
  const shared: string[] = [];
  const parts: Record<string, string> = {
    "[Content_Types].xml": "<Types/>",
    "xl/workbook.xml": `<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets
      .map((sheet, index) => `<sheet name="${sheet.name}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`)
      .join("")}</sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<Relationships>${sheets
      .map(
        (_, index) =>
          `<Relationship Id="rId${index + 1}" Type="worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
      )
      .join("")}</Relationships>`,
  };
  sheets.forEach((sheet, index) => {
    const rows = sheet.rows.map(
      (row) =>
        `<row>${row
          .map((cell) => {
            if (typeof cell === "number") return `<c><v>${cell}</v></c>`;
            shared.push(cell);
            return `<c t="s"><v>${shared.length - 1}</v></c>`;
          })
          .join("")}</row>`,
    );
    parts[`xl/worksheets/sheet${index + 1}.xml`] =
      `<worksheet><sheetData>${rows.join("")}</sheetData></worksheet>`;
  });
  parts["xl/sharedStrings.xml"] = `<sst>${shared.map((text) => `<si><t>${text}</t></si>`).join("")}</sst>`;
  return zipParts(parts);
}

const A = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
export function pptx(slides: string[][]): Buffer {
  const parts: Record<string, string> = { "[Content_Types].xml": "<Types/>" };
  slides.forEach((paragraphs, index) => {
    parts[`ppt/slides/slide${index + 1}.xml`] = `<p:sld ${A}><p:txBody>${paragraphs
      .map((text) => `<a:p><a:r><a:t>${text}</a:t></a:r></a:p>`)
      .join("")}</p:txBody></p:sld>`;
  });
  return zipParts(parts);
}
