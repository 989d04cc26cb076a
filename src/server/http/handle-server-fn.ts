// /_serverFn/*: TanStack Start's server functions, called by the app's own pages. Start answers a
// malformed call with 500 and its internal message (191 of 432 probes: "Server function info not
// found for x", "Seroval Error (step: 3)", "Cannot read properties of null"). A client's mistake gets
// a 4xx here instead, and no answer carries Start's internals: an unknown function is 404, a payload
// that is not what Start's own client sends is 400, and a failure of the function itself is a plain
// 500 whose cause goes to the error report, not to the client.
import { reportError } from "../observability/report-error.ts";

const UNKNOWN_FUNCTION =
  /Server function (info not found|not accessible from client|module (export )?not resolved)/;
/** Start's failures to read a payload (Seroval's deserializer, JSON, a payload of the wrong shape). */
const MALFORMED_PAYLOAD =
  /Seroval|SyntaxError|is not valid JSON|Unexpected (token|end)|Cannot read properties of (null|undefined)|Payload too large|FormData payloads/;

const refusal = (status: number, message: string) =>
  Response.json({ error: message }, { status, headers: { "cache-control": "no-store" } });

/** What Start's client sends: no body, or (with a JSON content type) a JSON object; same for `?payload=`. */
async function payloadProblem(request: Request): Promise<string | null> {
  const payload = new URL(request.url).searchParams.get("payload");
  if (payload !== null && !isJsonObject(payload)) return "The payload parameter is not a serialized call";
  if (request.method === "GET" || request.method === "HEAD") return null;
  if (!request.headers.get("content-type")?.includes("application/json")) return null;
  const body = await request.clone().text();
  return isJsonObject(body) ? null : "The request body is not a serialized call";
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** Runs the server function call through `start`, with client mistakes as 4xx and no internals in a 5xx. */
export async function handleServerFnRequest(
  request: Request,
  start: (request: Request) => Response | Promise<Response>,
): Promise<Response> {
  const problem = await payloadProblem(request);
  if (problem) return refusal(400, problem);
  const response = await start(request);
  if (response.status < 500) return response;
  const text = await response.text();
  if (UNKNOWN_FUNCTION.test(text)) return refusal(404, "No such server function");
  if (MALFORMED_PAYLOAD.test(text)) return refusal(400, "The request is not a valid server function call");
  reportError(new Error(`Server function ${new URL(request.url).pathname} failed: ${text.slice(0, 500)}`), {
    where: "server-fn",
  });
  return refusal(response.status, "Internal error");
}
