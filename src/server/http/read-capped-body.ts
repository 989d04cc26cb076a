// Reads a request body into memory with a size cap: a client cannot make the server buffer more than
// `maxBytes`, whatever Content-Length claims or however long a chunked body runs.
import { declaredLength } from "./declared-length.ts";

/** The body's bytes, or null when it is (or claims to be) larger than `maxBytes`. */
export async function readCappedBody(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = declaredLength(request.headers.get("content-length"));
  if (declared !== null) {
    if (declared > maxBytes) return null;
    // The HTTP parser delivers exactly Content-Length bytes, so the whole body is within the cap.
    return new Uint8Array(await request.arrayBuffer());
  }
  const all = await readStreamCapped(request, maxBytes);
  return all && new Uint8Array(all.buffer as ArrayBuffer, all.byteOffset, all.byteLength);
}

/** A body of unknown length (chunked), read until it ends or passes the cap (then null). */
export async function readStreamCapped(request: Request, maxBytes: number): Promise<Buffer | null> {
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Headers for a refusal sent before the body was read: the unread rest of the body would otherwise be
 * parsed as the connection's next request, or stall it, so the connection is closed after the answer.
 */
export const CLOSE_CONNECTION = { connection: "close" } as const;
