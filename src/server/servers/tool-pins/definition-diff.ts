// The readable difference between a tool's accepted definition and the one the upstream serves now,
// field by field: words for the title and description, lines of canonical JSON (keys sorted, so the
// order a server sends them in is no change) for schemas and annotations. jsdiff does the diffing.
import canonicalize from "canonicalize";
import { diffLines, diffWords } from "diff";
import type { ToolDefinition } from "../../integrations/engine/tool-definition.ts";
import { changedFields, type DefinitionField, fieldLabels } from "./changed-fields.ts";

export interface DiffPart {
  kind: "added" | "removed" | "same";
  text: string;
}

export interface FieldDiff {
  field: DefinitionField;
  label: string;
  /** Shown as prose (title, description) or as JSON lines (schemas, annotations). */
  format: "text" | "json";
  parts: DiffPart[];
}

const asJson = (value: unknown) =>
  value === undefined ? "" : `${JSON.stringify(JSON.parse(canonicalize(value) ?? "null"), null, 2)}\n`;

export function definitionDiff(before: ToolDefinition | null, after: ToolDefinition): FieldDiff[] {
  return changedFields(before, after).map((field) => {
    const prose = field === "title" || field === "description";
    const old = before?.[field];
    const next = after[field];
    const changes = prose
      ? diffWords(String(old ?? ""), String(next ?? ""))
      : diffLines(asJson(old), asJson(next));
    return {
      field,
      label: fieldLabels[field],
      format: prose ? "text" : "json",
      parts: changes.map((change) => ({
        kind: change.added ? "added" : change.removed ? "removed" : "same",
        text: change.value,
      })),
    };
  });
}
