// Portico's management API for TypeScript: one function per operation (generated/sdk.gen.ts, from
// openapi.json by Hey API's generator), typed bodies and answers (generated/types.gen.ts), and a
// client that sends your management token with every request.
import { type Client, createClient, createConfig } from "./generated/client/index.ts";

export * from "./generated/sdk.gen.ts";
export type * from "./generated/types.gen.ts";
export type { Client };

export interface PorticoClientOptions {
  /** Your Portico's address, e.g. https://portico.example.com (no path). */
  baseUrl: string;
  /** An organization's management token (pmt_…), from Organization settings → Management tokens. */
  token: string;
  /** A fetch of your own (proxies, tests); the global one otherwise. */
  fetch?: typeof fetch;
}

/** A client for the SDK's functions: `createProject({ client, body: { name: "…" } })`. */
export function createPorticoClient(options: PorticoClientOptions): Client {
  return createClient(
    createConfig({
      baseUrl: options.baseUrl.replace(/\/+$/, ""),
      auth: options.token,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    }),
  );
}
