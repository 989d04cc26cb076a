// Local $ref resolution ("#/components/…") and OpenAPI-3.0-only keywords turned into JSON Schema, so a
// tool's inputSchema stands alone: MCP clients and Ajv see no references into the document.
import type { JsonSchema, OpenApiDocument, RefObject } from "../../../../integrations/_kit/openapi-types.ts";

export const isRef = (value: unknown): value is RefObject =>
  typeof value === "object" && value !== null && typeof (value as RefObject).$ref === "string";

/** The object a local reference points to; throws on anything else (documents are ours to fix). */
export function lookupRef(document: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith("#/")) throw new Error(`Only local $refs are supported: ${ref}`);
  let current: unknown = document;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof current !== "object" || current === null || !(key in current)) {
      throw new Error(`Unresolvable $ref ${ref}`);
    }
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Follows references until a non-reference object (parameters, request bodies, responses). */
export function deref<T>(document: OpenApiDocument, value: T | RefObject): T {
  let current: unknown = value;
  for (let depth = 0; isRef(current); depth++) {
    if (depth > 20) throw new Error(`$ref chain too long at ${current.$ref}`);
    current = lookupRef(document, current.$ref);
  }
  return current as T;
}

/**
 * A schema with every local $ref inlined. A reference back into a schema being inlined (a recursive
 * type) becomes an open object, since JSON Schema inputs for tools cannot refer to themselves here.
 */
export function resolveSchema(document: OpenApiDocument, schema: unknown, seen: string[] = []): JsonSchema {
  if (isRef(schema)) {
    if (seen.includes(schema.$ref)) return { type: "object", description: "(recursive structure)" };
    const target = lookupRef(document, schema.$ref);
    const { $ref: _ref, ...siblings } = schema as RefObject & JsonSchema;
    return {
      ...resolveSchema(document, target, [...seen, schema.$ref]),
      ...resolveSiblings(document, siblings, seen),
    };
  }
  if (typeof schema !== "object" || schema === null) return {};
  return resolveSiblings(document, schema as JsonSchema, seen);
}

function resolveSiblings(document: OpenApiDocument, schema: JsonSchema, seen: string[]): JsonSchema {
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "nullable" || key === "example" || key === "xml" || key === "discriminator") continue;
    if (key === "properties" || key === "patternProperties" || key === "$defs") {
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, sub]) => [
          name,
          resolveSchema(document, sub, seen),
        ]),
      );
    } else if (
      ["items", "additionalProperties", "not", "contains"].includes(key) &&
      typeof value === "object"
    ) {
      out[key] = resolveSchema(document, value, seen);
    } else if (["allOf", "anyOf", "oneOf", "prefixItems"].includes(key) && Array.isArray(value)) {
      out[key] = value.map((sub) => resolveSchema(document, sub, seen));
    } else {
      out[key] = value;
    }
  }
  // OpenAPI 3.0 `nullable: true` is JSON Schema's type union with null.
  if (schema.nullable === true && typeof out.type === "string") out.type = [out.type, "null"];
  return out;
}
