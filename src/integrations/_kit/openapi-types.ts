// The part of OpenAPI 3.0/3.1 the engine reads. Documents are our own files (documents/), so these
// types describe what they may use rather than the whole specification.
export type JsonSchema = { [keyword: string]: unknown };

export interface RefObject {
  $ref: string;
}

export type ParameterLocation = "path" | "query" | "header" | "cookie";

export interface ParameterObject {
  name: string;
  in: ParameterLocation;
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  schema?: JsonSchema;
  /** Query serialization: "form" (default) or "deepObject"; arrays repeat unless explode is false. */
  style?: string;
  explode?: boolean;
  /** The tool argument's name when `name` is not a valid property name (see generate-tools.ts). */
  "x-portico-argument-name"?: string;
}

export interface MediaTypeObject {
  schema?: JsonSchema;
}

export interface RequestBodyObject {
  description?: string;
  required?: boolean;
  content: Record<string, MediaTypeObject>;
}

export interface ResponseObject {
  description?: string;
  content?: Record<string, MediaTypeObject>;
}

export interface OperationObject {
  operationId?: string;
  summary?: string;
  description?: string;
  deprecated?: boolean;
  parameters?: Array<ParameterObject | RefObject>;
  requestBody?: RequestBodyObject | RefObject;
  responses?: Record<string, ResponseObject | RefObject>;
  /** Overrides the tool name derived from operationId. */
  "x-portico-tool-name"?: string;
  /** A POST that only reads (searches): readOnlyHint true. It is still never retried. */
  "x-portico-read-only"?: boolean;
  /** Overrides the method's default destructiveHint (true only for DELETE). */
  "x-portico-destructive"?: boolean;
  /** Overrides the method's idempotency (GET/HEAD/PUT/DELETE), which decides hints and retries. */
  "x-portico-idempotent"?: boolean;
}

export const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type PathItemObject = { parameters?: Array<ParameterObject | RefObject> } & Partial<
  Record<HttpMethod, OperationObject>
>;

export interface ServerObject {
  /** A template: {baseUrl} is the connection's API base, other {names} its variables (cloudId, …). */
  url: string;
  variables?: Record<string, { default: string; description?: string }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: ServerObject[];
  paths: Record<string, PathItemObject>;
  components?: Record<string, Record<string, unknown>>;
}
