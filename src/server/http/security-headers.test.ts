import { describe, expect, it } from "vitest";
import {
  HSTS_VALUE,
  isPrivatePath,
  PAGE_CONTENT_SECURITY_POLICY,
  wantsHsts,
  withSecurityHeaders,
} from "./security-headers.ts";

const html = () =>
  new Response("<!doctype html>", { headers: { "content-type": "text/html; charset=utf-8" } });
const off = { hsts: false, noStore: false };

describe("withSecurityHeaders", () => {
  it("keeps pages out of other sites' frames and stops sniffing and cross-site referrers", () => {
    const headers = withSecurityHeaders(html(), off).headers;
    expect(headers.get("x-frame-options")).toBe("DENY");
    expect(headers.get("content-security-policy")).toBe(PAGE_CONTENT_SECURITY_POLICY);
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(headers.get("strict-transport-security")).toBeNull();
    expect(headers.get("cache-control")).toBeNull();
  });

  it("leaves a route's own values, and framing headers off answers that are not HTML", () => {
    const page = new Response("", {
      headers: { "content-type": "text/html", "content-security-policy": "frame-ancestors 'none'" },
    });
    expect(withSecurityHeaders(page, off).headers.get("content-security-policy")).toBe(
      "frame-ancestors 'none'",
    );
    const json = Response.json({ ok: true }, { headers: { "cache-control": "public, max-age=60" } });
    const headers = withSecurityHeaders(json, { hsts: true, noStore: true }).headers;
    expect(headers.get("x-frame-options")).toBeNull();
    expect(headers.get("cache-control")).toBe("public, max-age=60");
    expect(headers.get("strict-transport-security")).toBe(HSTS_VALUE);
  });

  it("copies an answer whose headers cannot change (a redirect), body and status kept", async () => {
    const redirect = Response.redirect("https://portico.test/app", 302);
    const answer = withSecurityHeaders(redirect, { hsts: false, noStore: true });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("https://portico.test/app");
    expect(answer.headers.get("cache-control")).toBe("no-store");
  });
});

describe("which answers", () => {
  it("sends HSTS only from an https production origin", () => {
    expect(wantsHsts("production", "https://portico.example")).toBe(true);
    expect(wantsHsts("production", "http://localhost:3000")).toBe(false);
    expect(wantsHsts("staging", "https://staging.portico.example")).toBe(false);
  });

  it("keeps auth, data API, server function, app and OAuth answers out of caches", () => {
    for (const path of [
      "/api/auth/oauth2/token",
      "/api/trpc/apiKeys.create",
      "/_serverFn/x",
      "/app",
      "/app/x",
      "/oauth/consent",
    ]) {
      expect(isPrivatePath(path), path).toBe(true);
    }
    for (const path of [
      "/",
      "/pricing",
      "/api/v1/openapi.json",
      "/application",
      "/assets/app.js",
      "/.well-known/oauth-authorization-server",
    ]) {
      expect(isPrivatePath(path), path).toBe(false);
    }
  });
});
