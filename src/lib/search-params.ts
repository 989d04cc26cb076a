// URL search serialization for the router. Values stay the exact text of the URL: the router's default
// JSON-decodes them, which turns an OAuth `state=1e3` into 1000 and then redirects SSR requests to a
// re-encoded URL (`state=%221000%22`). Here a value is a string, a repeated key is a string array, and
// routes coerce types in `validateSearch` where they need numbers.
export type SearchValue = string | string[];

export function parseSearch(searchStr: string): Record<string, SearchValue> {
  const result: Record<string, SearchValue> = {};
  for (const [key, value] of new URLSearchParams(searchStr)) {
    const previous = result[key];
    if (previous === undefined) result[key] = value;
    else if (Array.isArray(previous)) previous.push(value);
    else result[key] = [previous, value];
  }
  return result;
}

const text = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
};

export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const encoded = text(item);
      if (encoded !== undefined) params.append(key, encoded);
    }
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}
