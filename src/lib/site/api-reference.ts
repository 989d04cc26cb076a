// The management API's reference page reads the API's OpenAPI document in this shape: operations
// grouped by tag, each with its parameters, body and answers, and schemas written out as compact
// JSON-schema text. Plain data, built on the server (server/manage/reference.ts), safe for browsers.

export interface ReferenceParameter {
  name: string;
  in: string;
  required: boolean;
  description: string;
}

export interface ReferenceOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  parameters: ReferenceParameter[];
  /** The JSON body's schema, as text; null when the operation takes none. */
  body: string | null;
  responses: { status: string; description: string; schema: string | null }[];
}

export interface ApiReference {
  title: string;
  version: string;
  documentUrl: string;
  groups: { tag: string; operations: ReferenceOperation[] }[];
  /** The named schemas operations refer to ("Project", "Error"), as JSON-schema text. */
  schemas: { name: string; schema: string }[];
}

/** The anchor of an operation on the page (`#createProject`). */
export const operationAnchor = (operation: Pick<ReferenceOperation, "id">) => operation.id;
