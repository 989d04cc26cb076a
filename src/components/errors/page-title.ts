// The tab title of a page that could not be shown: every page sets its own title in its head, but a
// 404 or a failed load has none to set, and the tab said only "Portico".
import { errorCode, errorFacts } from "./error-facts.ts";

interface MatchState {
  status: string;
  error?: unknown;
}

export function fallbackPageTitle(matches: readonly MatchState[]): string {
  if (matches.some((match) => match.status === "notFound")) return "Page not found · Portico";
  const failed = matches.find((match) => match.status === "error");
  if (!failed) return "Portico";
  return errorCode(errorFacts(failed.error)) === "NOT_FOUND" ? "Page not found · Portico" : "Error · Portico";
}
