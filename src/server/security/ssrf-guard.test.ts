import { lookup } from "node:dns/promises";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { hostname } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isBlockedAddress } from "./blocked-addresses.ts";
import {
  assertPublicUrl,
  fetchPublicUrl,
  getPublicUrl,
  readPublicUrlText,
  readTextCapped,
} from "./ssrf-guard.ts";

const strict = { allowPrivateNetworks: false };
const permissive = { allowPrivateNetworks: true };

/**
 * A server on a free loopback port while the calling describe block runs: `local.origin` and
 * `local.port` are set once it listens.
 */
function serveLocally(handle: RequestListener) {
  const local = { origin: "", port: 0 };
  let server: Server;
  beforeAll(async () => {
    server = createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    local.port = (server.address() as AddressInfo).port;
    local.origin = `http://127.0.0.1:${local.port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return local;
}

describe("isBlockedAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd00:ec2::254",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:a9fe:a9fe",
    "64:ff9b::10.0.0.1",
    "224.0.0.1",
    "::127.0.0.1",
    "::7f00:1",
    "::a9fe:a9fe",
    "::10.0.0.1",
    "::ffff:0:127.0.0.1",
    "::ffff:0:7f00:1",
    "64:ff9b:1::a00:1",
    // Spelled out, 6to4 (2002:AABB:CCDD::) and Teredo (2001:0::/32).
    "64:ff9b:0:0:0:0:7f00:1",
    "64:FF9B:0000::A9FE:A9FE",
    "2002:7f00:1::",
    "2002:a9fe:a9fe::1",
    "2002:0a00:0001:0:0:0:0:1",
    "2001:0:4136:e378:8000:63bf:3fff:fdd2",
  ])("refuses %s", (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "172.32.0.1",
    "2606:4700:4700::1111",
    "::ffff:8.8.8.8",
    "2002:808:808::1",
    "2001:4860:4860::8888",
  ])("allows the public address %s", (address) => {
    expect(isBlockedAddress(address)).toBe(false);
  });
});

describe("assertPublicUrl", () => {
  it.each([
    "http://127.0.0.1/",
    "http://localhost:3000/x",
    "http://api.localhost/",
    "http://[::1]/",
    "http://10.0.0.5/admin",
    "http://192.168.0.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://[::ffff:169.254.169.254]/",
    "http://[::127.0.0.1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::169.254.169.254]/",
    "http://0x7f000001/",
    "http://2130706433/",
  ])("refuses %s with a 400-class error", async (url) => {
    await expect(assertPublicUrl(url, strict)).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("refuses a host name that resolves to a private address", async () => {
    const name = hostname();
    const { address } = await lookup(name);
    // Precondition of this test: in our containers the machine's own name resolves to a private address.
    expect(isBlockedAddress(address)).toBe(true);
    await expect(assertPublicUrl(`http://${name}/`, strict)).rejects.toThrow(/not allowed/);
  });

  it.each(["ftp://example.com/", "file:///etc/passwd", "not a url", "https://user:pw@example.com/"])(
    "refuses %s",
    async (url) => {
      await expect(assertPublicUrl(url, strict)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    },
  );

  it("accepts a public IP literal without resolving anything", async () => {
    await expect(assertPublicUrl("https://1.1.1.1/dns-query", strict)).resolves.toBeInstanceOf(URL);
  });

  it("lets development allow private addresses explicitly", async () => {
    await expect(assertPublicUrl("http://127.0.0.1:8080/", permissive)).resolves.toBeInstanceOf(URL);
  });
});

describe("fetchPublicUrl", () => {
  const local = serveLocally((request, response) => {
    if (request.url === "/redirect-home") {
      response.writeHead(302, { location: "/" });
      response.end();
      return;
    }
    if (request.url === "/big") {
      response.end("x".repeat(10_000));
      return;
    }
    response.end("hello");
  });

  it("refuses to connect to a name that resolves to loopback", async () => {
    await expect(fetchPublicUrl(`http://${hostname()}:${local.port}/`, {}, strict)).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
  });

  it("fetches a local server only when private networks are allowed", async () => {
    await expect(fetchPublicUrl(`${local.origin}/`, {}, strict)).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const response = await fetchPublicUrl(`${local.origin}/`, {}, permissive);
    expect(await response.text()).toBe("hello");
  });

  it("follows redirects by hand, checking each hop, up to a limit", async () => {
    const followed = await fetchPublicUrl(`${local.origin}/redirect-home`, {}, permissive);
    expect(await followed.text()).toBe("hello");
    await expect(
      fetchPublicUrl(`${local.origin}/redirect-home`, {}, permissive, { maxRedirects: 0 }),
    ).rejects.toThrow(/Too many redirects/);
  });

  it("caps how much of a body is read", async () => {
    const response = await fetchPublicUrl(`${local.origin}/big`, {}, permissive);
    const { text, truncated } = await readTextCapped(response, 1000);
    expect(text).toHaveLength(1000);
    expect(truncated).toBe(true);
  });
});

describe("getPublicUrl", () => {
  const local = serveLocally((request, response) => {
    if (request.url === "/redirect-home") {
      response.writeHead(302, { location: "/" });
      response.end();
    } else if (request.url === "/slow") {
      setTimeout(() => response.end("late"), 2000);
    } else if (request.url === "/declared-5000") {
      response.writeHead(200, { "content-length": "5000" });
      response.end("d".repeat(5000));
    } else if (request.url === "/chunked-5000") {
      // No Content-Length: the length is known only once the body has been read.
      response.write("c".repeat(2500));
      response.end("c".repeat(2500));
    } else {
      response.end("hello");
    }
  });

  it("is held to the same guard: loopback refused unless allowed, names resolving to it too", async () => {
    await expect(getPublicUrl(`${local.origin}/`, {}, undefined, strict)).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(
      getPublicUrl(`http://${hostname()}:${local.port}/`, {}, undefined, strict),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const response = await getPublicUrl(`${local.origin}/redirect-home`, {}, undefined, permissive);
    expect(response.url).toBe(`${local.origin}/`);
    expect((await readTextCapped(response, 100)).text).toBe("hello");
  });

  it("reads a page of declared length whole when it is within the cap, and caps every other", async () => {
    const read = async (path: string, maxBytes: number) =>
      readPublicUrlText(await getPublicUrl(`${local.origin}${path}`, {}, undefined, permissive), maxBytes);
    expect(await read("/", 100)).toEqual({ text: "hello", truncated: false });
    expect(await read("/declared-5000", 5000)).toEqual({ text: "d".repeat(5000), truncated: false });
    expect(await read("/declared-5000", 1000)).toEqual({ text: "d".repeat(1000), truncated: true });
    expect(await read("/chunked-5000", 1000)).toEqual({ text: "c".repeat(1000), truncated: true });
    expect(await read("/chunked-5000", 5000)).toEqual({ text: "c".repeat(5000), truncated: false });
  });

  it("gives up after its time limit, and on the caller's abort", async () => {
    await expect(
      getPublicUrl(`${local.origin}/slow`, {}, undefined, permissive, { timeoutMs: 100 }),
    ).rejects.toMatchObject({ name: "TimeoutError" });
    const caller = new AbortController();
    setTimeout(() => caller.abort(new Error("client went away")), 50);
    await expect(getPublicUrl(`${local.origin}/slow`, {}, caller.signal, permissive)).rejects.toThrow(
      /client went away/,
    );
  });
});
