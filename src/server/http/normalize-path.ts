/** Paths are canonical without a trailing slash (requirements §2): `/pricing/` answers 308 → `/pricing`. */
export function normalizePath(url: URL): Response | null {
  if (url.pathname.length <= 1 || !url.pathname.endsWith("/")) return null;
  const target = url.pathname.replace(/\/+$/, "") || "/";
  return new Response(null, {
    status: 308,
    headers: { location: `${target}${url.search}` },
  });
}
