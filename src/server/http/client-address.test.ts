import { describe, expect, it } from "vitest";
import { clientAddress, trustedProxyList } from "./client-address.ts";

const proxies = trustedProxyList(["10.0.0.0/8"]);

describe("clientAddress", () => {
  it("is the peer when the peer is not a trusted proxy, whatever X-Forwarded-For says", () => {
    expect(clientAddress("198.51.100.4", "203.0.113.9", proxies)).toBe("198.51.100.4");
    expect(clientAddress("::ffff:198.51.100.4", "203.0.113.9", proxies)).toBe("198.51.100.4");
  });

  it("is the right-most forwarded address that is not a trusted proxy", () => {
    // The client prepended a spoofed entry; the proxies appended the real one.
    expect(clientAddress("10.0.0.2", "1.2.3.4, 203.0.113.9, 10.0.0.1", proxies)).toBe("203.0.113.9");
  });

  it("stops at a forwarded entry that is not an address", () => {
    expect(clientAddress("10.0.0.2", "203.0.113.9, junk", proxies)).toBe("10.0.0.2");
  });
});
