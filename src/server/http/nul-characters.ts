// NUL characters are refused at the boundary: PostgreSQL cannot store them in text, so one that reached
// a query failed it with a 500. The check knows the body formats the browser-facing API accepts.

/** True when any string (key or value) in a parsed JSON value contains U+0000. */
function jsonHasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(jsonHasNul);
  if (value && typeof value === "object") {
    return Object.entries(value).some(([key, item]) => key.includes("\0") || jsonHasNul(item));
  }
  return false;
}

/** True when JSON text, once parsed, has U+0000 in a string; text that is not JSON has none. */
function jsonTextHasNul(text: string): boolean {
  // JSON escapes (\u0000) are only NUL once parsed: a cheap test first, parsing only when it matches.
  if (!/\\u0000/i.test(text)) return false;
  try {
    return jsonHasNul(JSON.parse(text));
  } catch {
    return false;
  }
}

/** True when the URL's decoded path or query (a tRPC query's JSON input too) contains U+0000. */
export function urlHasNul(url: URL): boolean {
  if (url.pathname.includes("%00") || url.pathname.includes("\0")) return true;
  for (const [key, value] of url.searchParams) {
    if (key.includes("\0") || value.includes("\0") || jsonTextHasNul(value)) return true;
  }
  return false;
}

/** True when the body, read as its content type says, carries U+0000 in any text. */
export function bodyHasNul(body: Uint8Array, contentType: string | null): boolean {
  if (body.includes(0)) return true;
  const type = (contentType ?? "").toLowerCase();
  const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8");
  if (type.includes("application/x-www-form-urlencoded")) {
    for (const [key, value] of new URLSearchParams(text)) {
      if (key.includes("\0") || value.includes("\0")) return true;
    }
    return false;
  }
  return jsonTextHasNul(text);
}
