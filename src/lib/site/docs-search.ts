// Search parameters of /docs (requirements §2, §5): `ref` must be one of the docs client references. The
// parsed search keeps `ref` as typed (the router redirects when the parsed search would print a
// different URL); `resolveDocsRef` then tells a guide from a value the page rejects with a 400.
import { firstValue } from "~/components/auth/auth-search.ts";
import { type ClientReference, isClientReference } from "../client-setup/references.ts";

export interface DocsSearch {
  ref?: string;
}

export function parseDocsSearch(search: Record<string, unknown>): DocsSearch {
  const ref = firstValue(search.ref)?.trim().slice(0, 100);
  return ref ? { ref } : {};
}

export type DocsRef =
  | { kind: "index" }
  | { kind: "guide"; reference: ClientReference }
  | { kind: "invalid"; value: string };

export function resolveDocsRef(search: DocsSearch): DocsRef {
  if (!search.ref) return { kind: "index" };
  return isClientReference(search.ref)
    ? { kind: "guide", reference: search.ref }
    : { kind: "invalid", value: search.ref };
}
