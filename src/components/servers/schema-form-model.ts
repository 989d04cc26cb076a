// The playground's form, derived from a tool's JSON input schema: one field per top-level property,
// each edited as text (so every control is a plain input, select or textarea) and turned back into
// typed arguments with inline messages. Anything the simple controls cannot express is edited as JSON.

export type FieldKind = "string" | "number" | "integer" | "boolean" | "enum" | "string-array" | "json";

export interface SchemaField {
  name: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  description: string | null;
  /** enum: the allowed values; the form keeps the chosen index as text. */
  options: unknown[];
  schema: JsonSchema;
}

export type JsonSchema = Record<string, unknown>;
export type FormValues = Record<string, string>;
export type ArgumentsResult =
  | { ok: true; arguments: Record<string, unknown> }
  | { ok: false; errors: Record<string, string> };

const isRecord = (value: unknown): value is JsonSchema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `type` as one name: ["string", "null"] reads as "string"; no or several types read as null. */
function singleType(schema: JsonSchema): string | null {
  const { type } = schema;
  if (typeof type === "string") return type;
  if (Array.isArray(type)) {
    const named = type.filter((entry) => entry !== "null");
    return named.length === 1 && typeof named[0] === "string" ? named[0] : null;
  }
  return null;
}

function kindOf(schema: JsonSchema): FieldKind {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return "enum";
  const type = singleType(schema);
  if (type === "string" || type === "number" || type === "integer" || type === "boolean") return type;
  if (type === "array" && isRecord(schema.items) && singleType(schema.items) === "string")
    return "string-array";
  return "json";
}

export function fieldsOf(inputSchema: JsonSchema): SchemaField[] {
  const properties = isRecord(inputSchema.properties) ? inputSchema.properties : {};
  const required = new Set(Array.isArray(inputSchema.required) ? inputSchema.required : []);
  return Object.entries(properties).map(([name, raw]) => {
    const schema = isRecord(raw) ? raw : {};
    const kind = kindOf(schema);
    return {
      name,
      label: typeof schema.title === "string" && schema.title ? schema.title : name,
      kind,
      required: required.has(name),
      description: typeof schema.description === "string" ? schema.description : null,
      options: kind === "enum" && Array.isArray(schema.enum) ? schema.enum : [],
      schema,
    };
  });
}

function initialValue(field: SchemaField): string {
  const fallback = field.schema.default;
  if (fallback === undefined) return "";
  switch (field.kind) {
    case "enum": {
      const index = field.options.findIndex((option) => JSON.stringify(option) === JSON.stringify(fallback));
      return index >= 0 ? String(index) : "";
    }
    case "string-array":
      return Array.isArray(fallback) ? fallback.join("\n") : "";
    case "json":
      return JSON.stringify(fallback, null, 2);
    default:
      return String(fallback);
  }
}

export const initialValues = (fields: SchemaField[]): FormValues =>
  Object.fromEntries(fields.map((field) => [field.name, initialValue(field)]));

export const optionLabel = (option: unknown) =>
  typeof option === "string" ? option : JSON.stringify(option);

const numberOf = (schema: JsonSchema, key: string) =>
  typeof schema[key] === "number" ? (schema[key] as number) : null;

type Parsed = { value: unknown } | { error: string } | null;

function parseNumber(field: SchemaField, text: string): Parsed {
  const value = Number(text);
  if (!Number.isFinite(value)) return { error: "Enter a number" };
  if (field.kind === "integer" && !Number.isInteger(value)) return { error: "Enter a whole number" };
  const minimum = numberOf(field.schema, "minimum");
  const maximum = numberOf(field.schema, "maximum");
  if (minimum !== null && value < minimum) return { error: `Must be at least ${minimum}` };
  if (maximum !== null && value > maximum) return { error: `Must be at most ${maximum}` };
  return { value };
}

function parseString(field: SchemaField, text: string): Parsed {
  const minLength = numberOf(field.schema, "minLength");
  const maxLength = numberOf(field.schema, "maxLength");
  if (minLength !== null && text.length < minLength)
    return { error: `Enter at least ${minLength} characters` };
  if (maxLength !== null && text.length > maxLength)
    return { error: `Enter at most ${maxLength} characters` };
  return { value: text };
}

function parseJson(field: SchemaField, text: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: "Enter valid JSON" };
  }
  const type = singleType(field.schema);
  if (type === "object" && !isRecord(value)) return { error: "Enter a JSON object" };
  if (type === "array" && !Array.isArray(value)) return { error: "Enter a JSON array" };
  return { value };
}

/** One field's text as its typed value; null when left empty (the argument is then omitted). */
function parseField(field: SchemaField, raw: string): Parsed {
  const text = field.kind === "string" ? raw : raw.trim();
  if (text === "") return null;
  switch (field.kind) {
    case "string":
      return parseString(field, text);
    case "number":
    case "integer":
      return parseNumber(field, text);
    case "boolean":
      return { value: text === "true" };
    case "enum": {
      const index = Number(text);
      return index in field.options
        ? { value: field.options[index] }
        : { error: "Choose one of the options" };
    }
    case "string-array": {
      const items = text
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
      return items.length > 0 ? { value: items } : null;
    }
    case "json":
      return parseJson(field, text);
  }
}

export function toArguments(fields: SchemaField[], values: FormValues): ArgumentsResult {
  const args: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const parsed = parseField(field, values[field.name] ?? "");
    if (parsed === null) {
      if (field.required) errors[field.name] = `${field.label} is required`;
    } else if ("error" in parsed) {
      errors[field.name] = parsed.error;
    } else {
      args[field.name] = parsed.value;
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, arguments: args };
}
