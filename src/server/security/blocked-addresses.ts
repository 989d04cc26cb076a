// Address ranges a user-supplied URL may never reach: this host, private networks, link-local (cloud
// metadata at 169.254.169.254 / fd00:ec2::254), carrier-grade NAT, documentation, multicast and reserved
// space. IPv4-mapped, NAT64 and 6to4 IPv6 forms are unwrapped so they cannot smuggle a private IPv4
// address (in any spelling: addresses are put in canonical form first); IPv4-compatible and -translated
// forms, and Teredo (whose IPv4 client address is obfuscated), are refused outright.
import { BlockList, isIP } from "node:net";

const blocked = new BlockList();
const ipv4Ranges: Array<[string, number]> = [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
];
const ipv6Ranges: Array<[string, number]> = [
  // IPv4-compatible addresses (::a.b.c.d, deprecated) and ::/128, ::1 with them: no public use, and the
  // embedded IPv4 address could be a private one. Likewise IPv4-translated (::ffff:0:a.b.c.d).
  ["::", 96],
  ["::ffff:0:0:0", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  // Teredo: tunnels to an IPv4 address, written inverted inside it.
  ["2001::", 32],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
];
for (const [network, prefix] of ipv4Ranges) blocked.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of ipv6Ranges) blocked.addSubnet(network, prefix, "ipv6");

/** An IPv6 literal in canonical form (lower case, zeros compressed): "64:ff9b:0:0:0:0:7f00:1" → "64:ff9b::7f00:1". */
function canonicalIpv6(address: string): string {
  return URL.parse(`http://[${address}]/`)?.hostname.slice(1, -1) ?? address.toLowerCase();
}

const hexPairToIpv4 = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join(".");

/** The IPv4 address embedded in an IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address. */
function embeddedIpv4(canonical: string): string | undefined {
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4})(?::|$)/.exec(canonical);
  if (sixToFour?.[1] && sixToFour[2]) {
    return hexPairToIpv4(Number.parseInt(sixToFour[1], 16), Number.parseInt(sixToFour[2], 16));
  }
  if (canonical === "2002::" || canonical.startsWith("2002::")) return "0.0.0.0";
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(canonical);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!hex?.[1] || !hex[2]) return undefined;
  return hexPairToIpv4(Number.parseInt(hex[1], 16), Number.parseInt(hex[2], 16));
}

/** True when `address` (an IP literal) is in a range user-supplied URLs must not reach. */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, "ipv4");
  if (family === 6) {
    const canonical = canonicalIpv6(bare);
    const v4 = embeddedIpv4(canonical);
    if (v4) return blocked.check(v4, "ipv4");
    return blocked.check(canonical, "ipv6");
  }
  // Not an IP literal: callers resolve names first. Refuse rather than guess.
  return true;
}
