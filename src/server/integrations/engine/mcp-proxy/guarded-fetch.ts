// The fetch the remote MCP client transport uses: every request goes through the SSRF guard (the
// address is checked when the connection is made, so DNS rebinding is caught too), with a time limit
// and a cap on how much a remote server may send back.
import type { FetchLike } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { App } from "../../../app-services.ts";
import { currentCallTrace, tracedUpstream } from "../../../observability/call-trace.ts";
import { fetchPublicUrl } from "../../../security/ssrf-guard.ts";

export interface GuardedFetchLimits {
  /** Whole exchange, body included. */
  timeoutMs: number;
  maxResponseBytes: number;
}

export class ResponseTooLargeError extends Error {
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    super(`the answer was larger than ${Math.round(maxBytes / 1_000_000)} MB`);
    this.name = "ResponseTooLargeError";
    this.maxBytes = maxBytes;
  }
}

function capBody(body: ReadableStream<Uint8Array>, maxBytes: number): ReadableStream<Uint8Array> {
  let size = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size > maxBytes) controller.error(new ResponseTooLargeError(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/** `integration` labels the upstream metrics and spans; requests carry the tool call's traceparent. */
export function guardedMcpFetch(app: App, limits: GuardedFetchLimits, integration: string): FetchLike {
  const policy = { allowPrivateNetworks: app.config.allowPrivateUrls };
  return async (url, init = {}) => {
    // The standalone GET stream only carries server-initiated messages (sampling, elicitation, list
    // changes), none of which a proxy uses; answering it here keeps no long-lived stream per session.
    if ((init.method ?? "GET").toUpperCase() === "GET") return new Response(null, { status: 405 });
    const method = init.method ?? "POST";
    const response = await tracedUpstream(
      currentCallTrace(),
      { integration, method, url: url.toString() },
      (traceparent) => {
        const headers = Object.fromEntries(new Headers(init.headers).entries());
        if (traceparent) headers.traceparent = traceparent;
        return fetchPublicUrl(
          url.toString(),
          { method, headers, body: init.body as string | undefined, signal: init.signal ?? undefined },
          policy,
          // A redirect would carry the API key to wherever it points, so none is followed.
          { timeoutMs: limits.timeoutMs, maxRedirects: 0 },
        );
      },
      (answer) => answer.status,
    );
    if (!response.body) return response;
    return new Response(capBody(response.body, limits.maxResponseBytes), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
