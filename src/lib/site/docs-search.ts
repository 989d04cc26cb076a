// Search parameters of /docs (SPEC §2, §5): `ref` must be one of the docs client references. An
// unknown value is kept aside so the page can reject it with a 400 and list the valid ones.
import { firstValue } from "~/components/auth/auth-search.ts";
import { type ClientReference, isClientReference } from "../client-setup/references.ts";

export interface DocsSearch {
  ref?: ClientReference;
  /** Set when `ref` was given but is not a known client reference. */
  invalidRef?: string;
}

export function parseDocsSearch(search: Record<string, unknown>): DocsSearch {
  const raw = firstValue(search.ref)?.trim();
  if (!raw) return {};
  if (isClientReference(raw)) return { ref: raw };
  return { invalidRef: raw.slice(0, 100) };
}

/** The URL form of the parsed search: an invalid ref stays in the address bar as it was typed. */
export function docsSearchParams(search: DocsSearch): { ref?: string } {
  const ref = search.ref ?? search.invalidRef;
  return ref ? { ref } : {};
}
