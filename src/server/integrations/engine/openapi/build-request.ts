// A tool call's (validated) arguments → the HTTP request: server template filled from the connection,
// path parameters encoded, query serialized as the document says, header parameters, JSON body.
import type { ConnectionAuth } from "../connection-auth.ts";
import { BODY_PROPERTY, type OpenApiTool, type ToolParameter } from "./generate-tools.ts";

export interface UpstreamRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

const scalar = (value: unknown) =>
  typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);

function appendQuery(query: URLSearchParams, parameter: ToolParameter, value: unknown) {
  if (Array.isArray(value)) {
    if (parameter.explode) for (const item of value) query.append(parameter.name, scalar(item));
    else query.append(parameter.name, value.map(scalar).join(","));
  } else if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (parameter.style === "deepObject") {
      for (const [key, item] of entries) query.append(`${parameter.name}[${key}]`, scalar(item));
    } else if (parameter.explode) {
      for (const [key, item] of entries) query.append(key, scalar(item));
    } else {
      query.append(parameter.name, entries.flatMap(([key, item]) => [key, scalar(item)]).join(","));
    }
  } else {
    query.append(parameter.name, scalar(value));
  }
}

const variablesOf = (template: string) => [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);

/**
 * Fills {baseUrl} and the connection's variables; a variable the connection lacks is a Portico bug.
 * Given a document's servers, the first whose variables the connection has is used: an Atlassian OAuth
 * connection has a cloudId for api.atlassian.com/ex/jira/{cloudId}, an API token calls its site directly.
 */
export function serverUrl(
  templates: string | readonly string[],
  auth: Pick<ConnectionAuth, "baseUrl" | "variables">,
): string {
  const candidates = typeof templates === "string" ? [templates] : templates;
  const template =
    candidates.find((item) =>
      variablesOf(item).every((name) => name === "baseUrl" || auth.variables[name ?? ""] !== undefined),
    ) ??
    candidates[0] ??
    "{baseUrl}";
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (name === "baseUrl") return auth.baseUrl;
    const value = auth.variables[name];
    if (value === undefined) throw new Error(`The connection has no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

export function buildRequest(
  tool: OpenApiTool,
  args: Record<string, unknown>,
  auth: Pick<ConnectionAuth, "baseUrl" | "variables" | "headers">,
): UpstreamRequest {
  let path = tool.path;
  const query = new URLSearchParams();
  // JSON first, but exports (Drive) and other documented non-JSON answers stay acceptable.
  const headers: Record<string, string> = { accept: "application/json, */*;q=0.5" };
  for (const parameter of tool.parameters) {
    const value = args[parameter.argument];
    if (value === undefined || value === null) continue;
    if (parameter.in === "path") {
      const text = Array.isArray(value) ? value.map(scalar).join(",") : scalar(value);
      path = path.replace(`{${parameter.name}}`, encodeURIComponent(text));
    } else if (parameter.in === "query") {
      appendQuery(query, parameter, value);
    } else {
      headers[parameter.name.toLowerCase()] = Array.isArray(value)
        ? value.map(scalar).join(",")
        : scalar(value);
    }
  }
  // The connection's auth goes last: an argument can never replace it.
  Object.assign(headers, auth.headers);
  const search = query.toString();
  const request: UpstreamRequest = {
    method: tool.method.toUpperCase(),
    url: `${serverUrl(tool.servers, auth)}${path}${search ? `?${search}` : ""}`,
    headers,
  };
  const body = args[BODY_PROPERTY];
  if (tool.bodyMediaType && body !== undefined) {
    request.headers["content-type"] = tool.bodyMediaType;
    request.body = JSON.stringify(body);
  }
  return request;
}
