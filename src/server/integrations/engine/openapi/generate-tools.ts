// OpenAPI document → tools. Pure and deterministic: the same document always gives the same tools, so
// they are computed once per document and listTools needs no network.
//
// Input rule: path, query and header parameters are top-level properties; the JSON request body, when
// there is one, is the single property `body`. Nothing is flattened, so a body field can never collide
// with a parameter; a parameter called "body" is a document error. Property names must match
// [A-Za-z0-9_.-]{1,64} (some model APIs refuse anything else): a parameter's name is used as it is when
// it fits, otherwise its `x-portico-argument-name`, otherwise the name with a leading $ dropped and
// other characters turned into _ ("$top" → top, "name[LIKE]" → name_LIKE).
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import {
  HTTP_METHODS,
  type HttpMethod,
  type JsonSchema,
  type OpenApiDocument,
  type OperationObject,
  type ParameterObject,
  type RequestBodyObject,
  type ResponseObject,
} from "../../../../integrations/_kit/openapi-types.ts";
import type { EngineTool } from "../engine.ts";
import { deref, resolveSchema } from "./resolve-refs.ts";

export const TOOL_NAME_PATTERN = /^[a-z0-9_]{1,40}$/;
export const BODY_PROPERTY = "body";
export const ARGUMENT_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;

export interface ToolParameter {
  /** The name on the wire (query key, header, path placeholder). */
  name: string;
  /** The tool argument that carries it. */
  argument: string;
  in: "path" | "query" | "header";
  style: string;
  explode: boolean;
}

/** A generated tool with what is needed to run it. */
export interface OpenApiTool extends EngineTool {
  method: HttpMethod;
  /** The document's path template, e.g. /crm/v3/objects/contacts/{contactId}. */
  path: string;
  /** The server URL template ({baseUrl} and connection variables). */
  server: string;
  /** Every server of the document, in order: the call uses the first the connection has variables for. */
  servers: readonly string[];
  parameters: ToolParameter[];
  /** Media type of the request body, when the operation takes one. */
  bodyMediaType: string | null;
  /** Safe to send again after a failure: never for POST and PATCH, whatever the document says. */
  retryable: boolean;
}

/** operationId → snake_case: "searchContacts" and "crm.contacts-search" become search_contacts, crm_contacts_search. */
export function toolNameFrom(operationId: string): string {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

export function argumentNameOf(parameter: ParameterObject): string {
  if (ARGUMENT_NAME_PATTERN.test(parameter.name)) return parameter.name;
  if (parameter["x-portico-argument-name"]) return parameter["x-portico-argument-name"];
  return parameter.name
    .replace(/^\$/, "")
    .replace(/[^A-Za-z0-9_.-]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

const firstSentence = (text: string) => text.trim().replace(/\s+/g, " ");

const isReadOnly = (method: HttpMethod, operation: OperationObject) =>
  method === "get" || method === "head" || operation["x-portico-read-only"] === true;

function annotationsFor(method: HttpMethod, operation: OperationObject, idempotent: boolean, title: string) {
  const readOnly = isReadOnly(method, operation);
  // destructiveHint and idempotentHint only mean something for tools that write; they are still set
  // for reads so clients that ignore readOnlyHint see the safe values too.
  const annotations: ToolAnnotations = {
    title,
    readOnlyHint: readOnly,
    destructiveHint: readOnly ? false : (operation["x-portico-destructive"] ?? method === "delete"),
    idempotentHint: idempotent,
    openWorldHint: true,
  };
  return annotations;
}

function successResponse(document: OpenApiDocument, operation: OperationObject): ResponseObject | undefined {
  const entry = Object.entries(operation.responses ?? {}).find(([status]) => /^2/.test(status));
  return entry ? deref<ResponseObject>(document, entry[1]) : undefined;
}

function describe(
  operation: OperationObject,
  response: ResponseObject | undefined,
  parameters: ParameterObject[],
  hasBody: boolean,
): string {
  const parts: string[] = [];
  if (operation.summary) parts.push(`${firstSentence(operation.summary).replace(/\.$/, "")}.`);
  if (operation.description) parts.push(firstSentence(operation.description));
  if (response?.description) parts.push(`Returns: ${firstSentence(response.description)}`);
  const required = parameters.filter((p) => p.required || p.in === "path").map(argumentNameOf);
  if (required.length > 0) parts.push(`Requires ${required.join(", ")}.`);
  if (hasBody) parts.push(`Send the request's JSON fields inside \`${BODY_PROPERTY}\`.`);
  return parts.join(" ");
}

function parameterSchema(document: OpenApiDocument, parameter: ParameterObject): JsonSchema {
  const schema = resolveSchema(document, parameter.schema ?? { type: "string" });
  const description = parameter.description ?? (schema.description as string | undefined);
  return description ? { ...schema, description: firstSentence(description) } : schema;
}

function jsonBody(document: OpenApiDocument, operation: OperationObject) {
  if (!operation.requestBody) return null;
  const body = deref<RequestBodyObject>(document, operation.requestBody);
  const mediaType = Object.keys(body.content).find((type) => /^application\/([\w.+-]+\+)?json/.test(type));
  if (!mediaType) throw new Error(`${operation.operationId}: only JSON request bodies are supported`);
  const schema = resolveSchema(document, body.content[mediaType]?.schema ?? { type: "object" });
  const description = body.description ?? (schema.description as string | undefined);
  return {
    mediaType,
    required: body.required === true,
    schema: description ? { ...schema, description: firstSentence(description) } : schema,
  };
}

function toolFor(
  document: OpenApiDocument,
  path: string,
  method: HttpMethod,
  operation: OperationObject,
  inherited: ParameterObject[],
): OpenApiTool {
  const label = `${method.toUpperCase()} ${path}`;
  const name = operation["x-portico-tool-name"] ?? toolNameFrom(operation.operationId ?? "");
  if (!TOOL_NAME_PATTERN.test(name))
    throw new Error(`${label}: tool name "${name}" must match ${TOOL_NAME_PATTERN}`);
  // Operation parameters replace path-level ones with the same name and location (OpenAPI rule).
  const own = (operation.parameters ?? []).map((p) => deref<ParameterObject>(document, p));
  const merged = [...inherited.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
  const parameters = merged.filter((p) => p.in !== "cookie");
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const parameter of parameters) {
    const argument = argumentNameOf(parameter);
    if (!ARGUMENT_NAME_PATTERN.test(argument)) throw new Error(`${label}: bad argument name "${argument}"`);
    if (argument === BODY_PROPERTY || argument in properties) {
      throw new Error(`${label}: argument name "${argument}" is used twice`);
    }
    properties[argument] = parameterSchema(document, parameter);
    if (parameter.required || parameter.in === "path") required.push(argument);
  }
  const body = jsonBody(document, operation);
  if (body) {
    properties[BODY_PROPERTY] = body.schema;
    if (body.required) required.push(BODY_PROPERTY);
  }
  for (const placeholder of path.matchAll(/\{([^}]+)\}/g)) {
    if (!parameters.some((p) => p.in === "path" && p.name === placeholder[1])) {
      throw new Error(`${label}: path parameter {${placeholder[1]}} is not declared`);
    }
  }
  const idempotentMethod = ["get", "head", "put", "delete"].includes(method);
  const idempotent = operation["x-portico-idempotent"] ?? (idempotentMethod || isReadOnly(method, operation));
  const title = firstSentence(operation.summary ?? name).replace(/\.$/, "");
  return {
    name,
    title,
    description: describe(operation, successResponse(document, operation), parameters, body !== null),
    inputSchema: {
      type: "object",
      properties,
      ...(required.length > 0 ? { required } : {}),
      additionalProperties: false,
    },
    annotations: annotationsFor(method, operation, idempotent, title),
    method,
    path,
    server: document.servers?.[0]?.url ?? "{baseUrl}",
    servers: document.servers?.map((item) => item.url) ?? ["{baseUrl}"],
    parameters: parameters.map((p) => ({
      name: p.name,
      argument: argumentNameOf(p),
      in: p.in as ToolParameter["in"],
      style: p.style ?? (p.in === "query" ? "form" : "simple"),
      explode: p.explode ?? (p.style ?? "form") === "form",
    })),
    bodyMediaType: body?.mediaType ?? null,
    retryable: idempotent && idempotentMethod,
  };
}

/** Every operation of the document as a tool; throws on a document the engine cannot serve faithfully. */
export function generateTools(document: OpenApiDocument): OpenApiTool[] {
  if (!/^3\.[01]\./.test(document.openapi))
    throw new Error(`Unsupported OpenAPI version ${document.openapi}`);
  const tools: OpenApiTool[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const inherited = (item.parameters ?? []).map((p) => deref<ParameterObject>(document, p));
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation || operation.deprecated) continue;
      const tool = toolFor(document, path, method, operation, inherited);
      if (tools.some((t) => t.name === tool.name)) throw new Error(`Tool name "${tool.name}" is used twice`);
      tools.push(tool);
    }
  }
  return tools;
}
