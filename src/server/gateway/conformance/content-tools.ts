// The conformance suite's tools that return fixed content of each kind (text, image, audio, embedded
// resource, a mix, an error) and the tool whose input schema uses JSON Schema 2020-12 keywords.
import { z } from "zod";
import { RED_PIXEL_PNG_BASE64, SILENT_WAV_BASE64 } from "./fixture-media.ts";
import { type FixtureTool, text, toolError } from "./fixture-types.ts";

const NO_ARGUMENTS = { type: "object" as const, properties: {} };
const image = { type: "image" as const, data: RED_PIXEL_PNG_BASE64, mimeType: "image/png" };

/** Listed verbatim: the suite checks that $schema, $defs and additionalProperties survive tools/list. */
const JSON_SCHEMA_2020_12_INPUT = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  type: "object" as const,
  $defs: {
    address: {
      type: "object",
      properties: { street: { type: "string" }, city: { type: "string" } },
    },
  },
  properties: { name: { type: "string" }, address: { $ref: "#/$defs/address" } },
  additionalProperties: false,
};
const jsonSchema2020Arguments = z
  .object({
    name: z.string().optional(),
    address: z.object({ street: z.string().optional(), city: z.string().optional() }).strict().optional(),
  })
  .strict();

export const contentTools: FixtureTool[] = [
  {
    definition: {
      name: "test_simple_text",
      description: "Returns one fixed text content item.",
      inputSchema: NO_ARGUMENTS,
    },
    run: async () => ({ content: [text("This is a simple text response for testing.")] }),
  },
  {
    definition: {
      name: "test_image_content",
      description: "Returns a 1x1 red PNG as image content.",
      inputSchema: NO_ARGUMENTS,
    },
    run: async () => ({ content: [image] }),
  },
  {
    definition: {
      name: "test_audio_content",
      description: "Returns a short silent WAV as audio content.",
      inputSchema: NO_ARGUMENTS,
    },
    run: async () => ({ content: [{ type: "audio", data: SILENT_WAV_BASE64, mimeType: "audio/wav" }] }),
  },
  {
    definition: {
      name: "test_embedded_resource",
      description: "Returns an embedded text resource.",
      inputSchema: NO_ARGUMENTS,
    },
    run: async () => ({
      content: [
        {
          type: "resource",
          resource: {
            uri: "test://embedded-resource",
            mimeType: "text/plain",
            text: "This is an embedded resource content.",
          },
        },
      ],
    }),
  },
  {
    definition: {
      name: "test_multiple_content_types",
      description: "Returns text, image and embedded resource content in one result.",
      inputSchema: NO_ARGUMENTS,
    },
    run: async () => ({
      content: [
        text("Multiple content types test:"),
        image,
        {
          type: "resource",
          resource: {
            uri: "test://mixed-content-resource",
            mimeType: "application/json",
            text: JSON.stringify({ test: "data", value: 123 }),
          },
        },
      ],
    }),
  },
  {
    definition: {
      name: "test_error_handling",
      description: "Always fails, reporting the failure as a tool error (isError).",
      inputSchema: NO_ARGUMENTS,
    },
    run: async () => toolError("This tool intentionally returns an error for testing"),
  },
  {
    definition: {
      name: "json_schema_2020_12_tool",
      description: "Takes input described with JSON Schema 2020-12 features ($schema, $defs, $ref).",
      inputSchema: JSON_SCHEMA_2020_12_INPUT,
    },
    run: async (args) => {
      const parsed = jsonSchema2020Arguments.safeParse(args);
      if (!parsed.success) return toolError(`Invalid arguments: ${z.prettifyError(parsed.error)}`);
      return { content: [text(`JSON Schema 2020-12 tool called with: ${JSON.stringify(parsed.data)}`)] };
    },
  },
];
