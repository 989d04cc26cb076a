// Reads a JSON request body with a size cap: a client cannot make the gateway buffer more than
// `maxBytes`, whatever Content-Length claims.
export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 413; message: string };

export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  const tooLarge = { ok: false, status: 413, message: `Request body exceeds ${maxBytes} bytes` } as const;
  if (declared > maxBytes) return tooLarge;
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return tooLarge;
    }
    chunks.push(value);
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.concat(chunks).toString("utf8")) };
  } catch {
    return { ok: false, status: 400, message: "Request body is not valid JSON" };
  }
}
