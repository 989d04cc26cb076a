// The OpenAPI document as the reference page shows it (lib/site/api-reference.ts): `$ref`s to shared
// schemas are written inline by name, so each operation reads on its own.
import type { ApiReference, ReferenceOperation } from "../../lib/site/api-reference.ts";
import type { App } from "../app-services.ts";
import { createManageApi, MANAGE_PREFIX, OPENAPI_PATH, openApiDocument } from "./manage-api.ts";

type Json = Record<string, unknown>;
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

function schemaText(schema: unknown): string | null {
  if (!schema) return null;
  return JSON.stringify(schema, null, 2).replace(
    /\{\s*"\$ref": "#\/components\/schemas\/(\w+)"\s*\}/g,
    '"$1"',
  );
}

export function apiReference(baseUrl: string): ApiReference {
  const document = openApiDocument(createManageApi({ config: { baseUrl } } as App), baseUrl);
  const schemas = (document.components?.schemas ?? {}) as Json;
  const groups = new Map<string, ReferenceOperation[]>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Json)[method] as Json | undefined;
      if (!operation) continue;
      const body = (operation.requestBody as Json | undefined)?.content as Json | undefined;
      const entry: ReferenceOperation = {
        id: String(operation.operationId),
        method: method.toUpperCase(),
        path,
        summary: String(operation.summary ?? ""),
        description: String(operation.description ?? ""),
        parameters: ((operation.parameters ?? []) as Json[]).map((parameter) => ({
          name: String(parameter.name),
          in: String(parameter.in),
          required: parameter.required === true,
          description: String(
            parameter.description ?? (parameter.schema as Json | undefined)?.description ?? "",
          ),
        })),
        body: schemaText((body?.["application/json"] as Json | undefined)?.schema),
        responses: Object.entries((operation.responses ?? {}) as Record<string, Json>)
          // The shared refusals are described once on the page, not under every operation.
          .filter(([status]) => !["400", "401", "403", "404", "429"].includes(status))
          .map(([status, response]) => ({
            status,
            description: String(response.description ?? ""),
            schema: schemaText(
              ((response.content as Json | undefined)?.["application/json"] as Json | undefined)?.schema,
            ),
          })),
      };
      const tag = String(((operation.tags as string[] | undefined) ?? ["Other"])[0]);
      groups.set(tag, [...(groups.get(tag) ?? []), entry]);
    }
  }
  return {
    title: document.info.title,
    version: document.info.version,
    documentUrl: `${baseUrl}${MANAGE_PREFIX}${OPENAPI_PATH}`,
    groups: [...groups].map(([tag, operations]) => ({ tag, operations })),
    schemas: Object.entries(schemas).map(([name, schema]) => ({ name, schema: schemaText(schema) ?? "{}" })),
  };
}
