// A minimal browser stand-in for HTTP tests: keeps cookies, sends the Origin header Better Auth
// requires on POSTs, and does not follow redirects so tests can assert them.
import superjson from "superjson";
import type { Credentials } from "./app.ts";

export class TrpcHttpError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(status: number, code: string | undefined, message: string) {
    super(`tRPC ${status} ${code}: ${message}`);
    this.status = status;
    this.code = code;
  }
}

export class HttpClient {
  private readonly cookies = new Map<string, string>();

  readonly baseUrl: string;

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  hasSession(): boolean {
    return [...this.cookies.keys()].some((name) => name.endsWith("session_token"));
  }

  async request(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader();
    if (cookie && !headers.has("cookie")) headers.set("cookie", cookie);
    const method = (init.method ?? "GET").toUpperCase();
    if (method !== "GET" && method !== "HEAD" && !headers.has("origin")) headers.set("origin", this.baseUrl);
    const response = await fetch(new URL(pathOrUrl, this.baseUrl), { redirect: "manual", ...init, headers });
    this.store(response);
    return response;
  }

  get(path: string, headers?: HeadersInit): Promise<Response> {
    return this.request(path, { headers });
  }

  postJson(path: string, body: unknown, headers?: HeadersInit): Promise<Response> {
    return this.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  }

  /** Signs up and keeps the session cookie; throws with the server's answer if that fails. */
  async signUp(user: Credentials): Promise<void> {
    await this.expectOk(await this.postJson("/api/auth/sign-up/email", user), "sign-up");
  }

  async signIn(user: Pick<Credentials, "email" | "password">): Promise<void> {
    await this.expectOk(await this.postJson("/api/auth/sign-in/email", user), "sign-in");
  }

  async signOut(): Promise<void> {
    await this.expectOk(await this.postJson("/api/auth/sign-out", {}), "sign-out");
  }

  /** Calls a tRPC query the way the browser client does (GET, superjson input); throws TrpcHttpError. */
  async query<T = unknown>(procedure: string, input?: unknown): Promise<T> {
    const search = input === undefined ? "" : `?input=${encodeURIComponent(superjson.stringify(input))}`;
    return this.trpcResult<T>(await this.get(`/api/trpc/${procedure}${search}`));
  }

  /** Calls a tRPC mutation (POST, superjson body); throws TrpcHttpError. */
  async mutate<T = unknown>(procedure: string, input?: unknown): Promise<T> {
    const response = await this.request(`/api/trpc/${procedure}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: superjson.stringify(input),
    });
    return this.trpcResult<T>(response);
  }

  private async trpcResult<T>(response: Response): Promise<T> {
    const body = await response.json();
    if (!response.ok || body.error) {
      const error = superjson.deserialize<{ message?: string; data?: { code?: string } }>(body.error ?? {});
      throw new TrpcHttpError(response.status, error?.data?.code, error?.message ?? "");
    }
    return superjson.deserialize<T>(body.result.data);
  }

  private async expectOk(response: Response, what: string): Promise<void> {
    if (!response.ok) throw new Error(`${what} failed: ${response.status} ${await response.text()}`);
  }

  private store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      if (index < 1) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", raw = ""] = attribute.split("=").map((part) => part.trim());
        if (key.toLowerCase() === "max-age") return Number(raw) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(raw) <= Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** Where a redirect response points, resolved against the server (Location may be relative). */
export function redirectTarget(response: Response, baseUrl: string): URL | null {
  const location = response.headers.get("location");
  return location ? new URL(location, baseUrl) : null;
}

/** True when the HTML has <meta name="robots" content="…noindex…"> (attribute order free). */
export function hasNoindexMeta(html: string): boolean {
  return [...html.matchAll(/<meta\b[^>]*>/gi)].some(([tag]) => {
    const name = /\bname\s*=\s*["']?robots["']?/i.test(tag);
    return name && /\bcontent\s*=\s*["'][^"']*\bnoindex\b/i.test(tag);
  });
}
