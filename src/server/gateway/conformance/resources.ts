// The conformance suite's resources: two static ones (text, binary), one clients may subscribe to, and
// the template test://template/{id}/data whose id is substituted into the content.
import {
  McpError,
  type ReadResourceResult,
  type Resource,
  type ResourceTemplate,
} from "@modelcontextprotocol/sdk/types.js";
import { RED_PIXEL_PNG_BASE64 } from "./fixture-media.ts";

/** JSON-RPC error code the MCP specification gives to an unknown resource. */
const RESOURCE_NOT_FOUND = -32002;
const TEMPLATE_URI = /^test:\/\/template\/([^/]+)\/data$/;
/** Ids offered by completion for the template's {id} argument. */
export const TEMPLATE_IDS = ["123", "456", "789"];

interface StaticResource extends Resource {
  read(): ReadResourceResult["contents"][number];
}

const staticResources: StaticResource[] = [
  {
    uri: "test://static-text",
    name: "static-text",
    title: "Static Text Resource",
    description: "A static text resource for testing",
    mimeType: "text/plain",
    read: () => ({
      uri: "test://static-text",
      mimeType: "text/plain",
      text: "This is the content of the static text resource.",
    }),
  },
  {
    uri: "test://static-binary",
    name: "static-binary",
    title: "Static Binary Resource",
    description: "A static binary resource (a 1x1 PNG) for testing",
    mimeType: "image/png",
    read: () => ({ uri: "test://static-binary", mimeType: "image/png", blob: RED_PIXEL_PNG_BASE64 }),
  },
  {
    uri: "test://watched-resource",
    name: "watched-resource",
    title: "Watched Resource",
    description: "A resource clients can subscribe to",
    mimeType: "text/plain",
    read: () => ({
      uri: "test://watched-resource",
      mimeType: "text/plain",
      text: "Watched resource content",
    }),
  },
];

export const listedResources: Resource[] = staticResources.map(({ read: _read, ...resource }) => resource);

export const listedResourceTemplates: ResourceTemplate[] = [
  {
    uriTemplate: "test://template/{id}/data",
    name: "template",
    title: "Resource Template",
    description: "A resource template with parameter substitution",
    mimeType: "application/json",
  },
];

export function resourceExists(uri: string): boolean {
  return staticResources.some((resource) => resource.uri === uri) || TEMPLATE_URI.test(uri);
}

export function readResource(uri: string): ReadResourceResult {
  const known = staticResources.find((resource) => resource.uri === uri);
  if (known) return { contents: [known.read()] };
  const id = TEMPLATE_URI.exec(uri)?.[1];
  if (id !== undefined) {
    const value = decodeURIComponent(id);
    return {
      contents: [
        {
          uri,
          mimeType: "application/json",
          text: JSON.stringify({ id: value, templateTest: true, data: `Data for ID: ${value}` }),
        },
      ],
    };
  }
  throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
}

export function requireResource(uri: string): void {
  if (!resourceExists(uri)) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
}
