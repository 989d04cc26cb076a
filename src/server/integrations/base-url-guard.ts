// Every provider URL a user types and the server later calls (Caflou's base URL, an OpenAI-compatible
// base URL) passes through here before it is saved and before it is used.
//
// SSRF: main's guard (src/server/security/ssrf-guard.ts, assertPublicUrl) has not been merged into this
// branch yet. Until it is, only the format is checked here; wiring it is a one-line change at this
// single call site: `return assertPublicUrl(url, { allowPrivateNetworks: config.allowPrivateUrls })`.
import { AppError } from "../../lib/errors.ts";

export async function assertCallableUrl(url: string, message: string): Promise<URL> {
  if (!URL.canParse(url)) throw new AppError("BAD_REQUEST", message);
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new AppError("BAD_REQUEST", message);
  if (parsed.username || parsed.password) throw new AppError("BAD_REQUEST", message);
  return parsed;
}
