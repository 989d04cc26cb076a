// How read_file answers a file's text, in every pack that reads files (Google Drive, SharePoint): at most
// MAX_TEXT_CHARS characters, so one large file cannot fill the model's context, and a note when cut.

export const MAX_TEXT_CHARS = 100_000;

/** `text` at most MAX_TEXT_CHARS long, with a note saying where it was cut when it was. */
export function cutText(text: string): { text: string; note?: string } {
  const cut = text.length > MAX_TEXT_CHARS;
  return {
    text: cut ? text.slice(0, MAX_TEXT_CHARS) : text,
    ...(cut ? { note: `Cut at ${MAX_TEXT_CHARS} of ${text.length} characters.` } : {}),
  };
}
