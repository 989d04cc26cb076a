// Every provider URL a user types and the server later calls (Caflou's base URL, an OpenAI-compatible
// base URL) passes the SSRF guard here before it is saved; the call itself then goes through
// fetchPublicUrl, which checks the address again where the connection is made.
import { AppError } from "../../lib/errors.ts";
import { assertPublicUrl, type UrlPolicy } from "../security/ssrf-guard.ts";

export async function assertCallableUrl(url: string, message: string, policy: UrlPolicy): Promise<URL> {
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol))
    throw new AppError("BAD_REQUEST", message);
  return assertPublicUrl(url, policy);
}
