// Regenerates the TypeScript SDK (packages/sdk) from the management API's OpenAPI document: the
// document is written from the server's own route schemas (no server needs to run), then Hey API's
// generator turns it into typed functions, one per operation. `npm run sdk:generate` after changing a
// route; test/sdk-generated.test.ts fails while the committed SDK is out of date.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createClient } from "@hey-api/openapi-ts";
import type { App } from "../src/server/app-services.ts";
import { createManageApi, openApiDocument } from "../src/server/manage/manage-api.ts";

/** The document's server: builders pass their own instance's address to the client. */
const PLACEHOLDER_BASE_URL = "http://localhost:3000";

export function managementDocument() {
  const api = createManageApi({ config: { baseUrl: PLACEHOLDER_BASE_URL } } as App);
  return openApiDocument(api, PLACEHOLDER_BASE_URL);
}

export async function generateSdk(root: string) {
  const documentFile = path.join(root, "openapi.json");
  mkdirSync(root, { recursive: true });
  writeFileSync(documentFile, `${JSON.stringify(managementDocument(), null, 2)}\n`);
  await createClient({
    input: documentFile,
    // Imports ending in .ts, so Node runs the SDK and its example straight from source.
    output: { path: path.join(root, "src/generated"), postProcess: [], importFileExtension: ".ts" },
    plugins: ["@hey-api/client-fetch", "@hey-api/typescript", { name: "@hey-api/sdk" }],
    logs: { level: "silent" },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await generateSdk(path.resolve(import.meta.dirname, "../packages/sdk"));
  console.log("packages/sdk regenerated from the management API's OpenAPI document");
}
