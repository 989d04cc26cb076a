// Where a link may send someone after signing in, verifying an address or resetting a password: only
// to this site. Shared by the sign-in pages (`?redirect=`) and the auth server (Better Auth's
// callbackURL, redirectTo and the others, server/auth/safe-redirects.ts), so both refuse the same
// spellings: "//evil", "/\evil", "/.//evil" (dot segments leave "//evil"), tabs and newlines (which URL
// parsers and browsers drop, so "/\t/evil" is "//evil"), and any other origin.

const BASE = "http://portico.invalid";
/** C0 controls, DEL and the backslash: never in a path Portico makes, and read differently by parsers. */
const UNSAFE_CHARACTER = {
  test(value: string): boolean {
    for (let index = 0; index < value.length; index++) {
      const code = value.charCodeAt(index);
      if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
    }
    return false;
  },
};

/** Only paths on this site: "/app/x" yes; "//evil.com", "/\\evil.com", "https://…" no. */
export function safeRedirectPath(value: string | undefined): string | null {
  if (!value?.startsWith("/") || UNSAFE_CHARACTER.test(value) || value.startsWith("//")) return null;
  try {
    const url = new URL(value, BASE);
    // Dot segments can leave a path that starts with "//" ("/.//evil.com"): a protocol-relative URL.
    if (url.origin !== BASE || url.pathname.startsWith("//")) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** A path on this site (safeRedirectPath), or an absolute URL of `baseUrl`'s origin with such a path. */
export function isSameSiteTarget(value: string, baseUrl: string): boolean {
  if (safeRedirectPath(value) !== null) return true;
  if (UNSAFE_CHARACTER.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  const origin = new URL(baseUrl).origin;
  return (
    value.toLowerCase().startsWith(`${origin.toLowerCase()}/`) &&
    url.origin === origin &&
    !url.pathname.startsWith("//")
  );
}
