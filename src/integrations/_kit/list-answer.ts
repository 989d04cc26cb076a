// The one place a code tool's list answer is read: the records are taken from where the provider's
// reference puts them, and an answer of any other shape is a tool error naming what came instead.
// Reading a list loosely (`answer.results ?? []`, or `Array.isArray(answer) ? answer : []`) turned an
// answer in an unexpected shape into an empty list that looked like a true "nothing found".
import { ToolFailure, toolError } from "./tool-result.ts";

export interface ListShape {
  /** The key of the answer's object that holds the records; "" when the answer is the array itself. */
  items: string;
  /**
   * The records may also come as the answer itself, a bare array (Caflou: its OpenAPI description
   * shows an array, the client tested against the live API reads an envelope).
   */
  orBareArray?: boolean;
  /** `null` at the key means no records (Pipedrive's v1 lists answer `data: null` when none match). */
  nullIsEmpty?: boolean;
}

export interface ListAnswer {
  items: unknown[];
  /** The answer's object around the records (its paging fields); empty for a bare array. */
  envelope: Record<string, unknown>;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") {
    const keys = Object.keys(value).slice(0, 6);
    return keys.length ? `an object with ${keys.map((key) => `"${key}"`).join(", ")}` : "an empty object";
  }
  return `a ${typeof value}`;
}

/** The records of a list answer; a ToolFailure naming the problem when they are not where expected. */
export function readList(answer: unknown, shape: ListShape, providerName: string): ListAnswer {
  if (Array.isArray(answer) && (shape.items === "" || shape.orBareArray))
    return { items: answer, envelope: {} };
  const isObject = typeof answer === "object" && answer !== null && !Array.isArray(answer);
  if (shape.items !== "" && isObject) {
    const envelope = answer as Record<string, unknown>;
    const items = envelope[shape.items];
    if (Array.isArray(items)) return { items, envelope };
    if (items === null && shape.nullIsEmpty) return { items: [], envelope };
  }
  const expected =
    shape.items === ""
      ? "an array of records"
      : `an object with the records in "${shape.items}"${shape.orBareArray ? " (or an array of records)" : ""}`;
  const got =
    isObject && shape.items !== "" && shape.items in (answer as object)
      ? `"${shape.items}" as ${describe((answer as Record<string, unknown>)[shape.items])}`
      : describe(answer);
  throw new ToolFailure(
    toolError(`${providerName} answered the list in an unexpected shape: expected ${expected}, got ${got}.`),
  );
}
