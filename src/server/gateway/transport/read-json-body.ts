// Reads a JSON request body with a size cap: a client cannot make the gateway buffer more than
// `maxBytes`, whatever Content-Length claims.
import { declaredLength } from "../../http/declared-length.ts";
import { readStreamCapped } from "../../http/read-capped-body.ts";

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 413; message: string };

/** The parsed value of JSON text, or null when it is not JSON. */
export function parseJson(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
}

export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  const tooLarge = { ok: false, status: 413, message: `Request body exceeds ${maxBytes} bytes` } as const;
  const declared = declaredLength(request.headers.get("content-length"));
  let text: string;
  if (declared !== null) {
    if (declared > maxBytes) return tooLarge;
    // The HTTP parser delivers exactly Content-Length bytes, so the whole body is within the cap; and
    // text() lets the server adapter read the socket directly instead of through a web stream.
    text = await request.text();
  } else {
    const streamed = await readStreamCapped(request, maxBytes);
    if (streamed === null) return tooLarge;
    text = streamed.toString("utf8");
  }
  const parsed = parseJson(text);
  return parsed
    ? { ok: true, value: parsed.value }
    : { ok: false, status: 400, message: "Request body is not valid JSON" };
}
