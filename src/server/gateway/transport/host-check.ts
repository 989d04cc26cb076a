// DNS-rebinding protection for /mcp: a browser tricked into sending requests to Portico under another
// name carries that name in Host (and its page's origin in Origin). Only Portico's own public host is
// accepted; for a loopback BASE_URL, every loopback spelling of it (localhost, 127.0.0.1, [::1]).
const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/** Given a request's Host and Origin headers: why it is refused, or null. */
export type HostCheck = (host: string | null | undefined, origin: string | null | undefined) => string | null;

export function createHostCheck(baseUrl: string): HostCheck {
  const base = new URL(baseUrl);
  const port = base.port ? `:${base.port}` : "";
  const isLoopback = LOOPBACK_NAMES.includes(base.hostname);
  const hosts = new Set(isLoopback ? LOOPBACK_NAMES.map((name) => `${name}${port}`) : [base.host]);
  const origins = new Set([...hosts].map((host) => `${base.protocol}//${host}`));
  return (rawHost, rawOrigin) => {
    const host = rawHost?.toLowerCase();
    if (host && !hosts.has(host)) return `Host ${host} is not allowed`;
    const origin = rawOrigin?.toLowerCase();
    if (origin && !origins.has(origin)) return `Origin ${origin} is not allowed`;
    return null;
  };
}
