// Search parameter of /use-cases (requirements §2): optional free text, bounded so a URL cannot carry a novel.
import { firstValue } from "~/components/auth/auth-search.ts";

export const USE_CASE_SEARCH_MAX = 100;

export function parseUseCasesSearch(search: Record<string, unknown>): { search?: string } {
  const value = firstValue(search.search)?.trim().slice(0, USE_CASE_SEARCH_MAX);
  return value ? { search: value } : {};
}
