// The address a request comes from, for per-address limits. X-Forwarded-For is written by whoever
// sends the request, so it is believed only when the connection comes from a proxy named in
// TRUSTED_PROXIES; then the right-most address that is not itself a trusted proxy is the client.
import { BlockList, isIP } from "node:net";

/** Set by the server on every request to /api/auth (any incoming value is replaced); Better Auth reads it. */
export const CLIENT_ADDRESS_HEADER = "x-portico-client-address";

/** An IPv4-mapped IPv6 peer (::ffff:a.b.c.d, as dual-stack sockets report IPv4 clients) as plain IPv4. */
function plain(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
}

/** TRUSTED_PROXIES entries (addresses or CIDR ranges) as a BlockList; throws on an invalid entry. */
export function trustedProxyList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = "", prefix] = entry.split("/");
    const family = isIP(address);
    if (!family) throw new Error(`"${entry}" is not an IP address or CIDR range`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) {
      throw new Error(`"${entry}" is not an IP address or CIDR range`);
    }
    list.addSubnet(address, bits, type);
  }
  return list;
}

function isTrusted(proxies: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && proxies.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** The client's address: the peer's, or the forwarded one when the peer is a trusted proxy. */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | null,
  proxies: BlockList,
): string | undefined {
  if (!peer) return undefined;
  let client = plain(peer);
  if (!isTrusted(proxies, client) || !forwardedFor) return client;
  const hops = forwardedFor
    .split(",")
    .map((hop) => plain(hop.trim()))
    .filter(Boolean);
  for (let index = hops.length - 1; index >= 0; index--) {
    const hop = hops[index] as string;
    if (!isIP(hop)) return client;
    client = hop;
    if (!isTrusted(proxies, hop)) return hop;
  }
  return client;
}

/** The client's address of a request as srvx gives it, which carries the connection's peer as `ip`. */
export const requestClientAddress = (request: Request, proxies: BlockList) =>
  clientAddress((request as Request & { ip?: string }).ip, request.headers.get("x-forwarded-for"), proxies);
