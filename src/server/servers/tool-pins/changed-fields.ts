// Which parts of a tool's definition differ, in the words the e-mail and the review page use.
import canonicalize from "canonicalize";
import type { ToolDefinition } from "../../integrations/engine/tool-definition.ts";

export const definitionFields = [
  "title",
  "description",
  "inputSchema",
  "outputSchema",
  "annotations",
] as const;
export type DefinitionField = (typeof definitionFields)[number];

export const fieldLabels: Record<DefinitionField, string> = {
  title: "title",
  description: "description",
  inputSchema: "input schema",
  outputSchema: "output schema",
  annotations: "annotations",
};

/** The fields that differ; every field present for a tool with nothing accepted (a new tool). */
export function changedFields(before: ToolDefinition | null, after: ToolDefinition): DefinitionField[] {
  return definitionFields.filter(
    (field) =>
      (before === null && after[field] !== undefined) ||
      (before !== null && canonicalize(before[field] ?? null) !== canonicalize(after[field] ?? null)),
  );
}

/** A tool the gateway holds back until its new definition is approved. */
export interface HeldTool {
  name: string;
  /** "added": the upstream added it after the server was pinned; "changed": it redefined it. */
  kind: "added" | "changed";
  fields: DefinitionField[];
}
