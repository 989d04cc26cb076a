// PDF → text with unpdf (Mozilla's PDF.js built for servers, no native parts: https://github.com/unjs/unpdf).
// Imported on first use, so the server starts without loading PDF.js.
export async function pdfText(file: Buffer): Promise<string | null> {
  try {
    const { extractText } = await import("unpdf");
    // Given the bytes, unpdf opens the document and destroys it once the text is read.
    const { text } = await extractText(new Uint8Array(file), { mergePages: true });
    return text.trim();
  } catch {
    // Not a PDF that PDF.js can read (damaged, encrypted): the tool says so instead.
    return null;
  }
}
