import { describe, expect, it } from "vitest";
import {
  afterAuthDestination,
  firstValue,
  oauthQuery,
  safeRedirectPath,
  validateAuthSearch,
} from "./auth-search.ts";

describe("firstValue", () => {
  it("takes the first of repeated values", () => {
    expect(firstValue(["a", "b"])).toBe("a");
    expect(firstValue([["nested", "x"], "b"])).toBe("nested");
  });

  it("keeps strings and turns decoded numbers and booleans back into text", () => {
    expect(firstValue("code")).toBe("code");
    expect(firstValue(42)).toBe("42");
    expect(firstValue(true)).toBe("true");
  });

  it("ignores missing and structured values", () => {
    expect(firstValue(undefined)).toBeUndefined();
    expect(firstValue(null)).toBeUndefined();
    expect(firstValue({ a: 1 })).toBeUndefined();
    expect(firstValue([])).toBeUndefined();
  });
});

describe("validateAuthSearch", () => {
  it("takes the first value of every parameter", () => {
    expect(
      validateAuthSearch({
        client_id: ["one", "two"],
        state: 7,
        redirect: "/app/x",
        resource: "https://r",
        x: {},
      }),
    ).toEqual({ client_id: "one", state: "7", redirect: "/app/x", resource: "https://r" });
  });
});

describe("oauthQuery", () => {
  it("encodes the OAuth request without redirect, extra parameters last", () => {
    expect(oauthQuery({ resource: "r", state: "s", client_id: "c 1", redirect: "/app" })).toBe(
      "?client_id=c+1&state=s&resource=r",
    );
    expect(oauthQuery({ redirect: "/app" })).toBe("");
  });
});

describe("safeRedirectPath", () => {
  it("accepts same-site paths", () => {
    expect(safeRedirectPath("/app/project/1?tab=keys#top")).toBe("/app/project/1?tab=keys#top");
  });

  it("rejects other origins and odd forms", () => {
    for (const value of ["//evil.com", "/\\evil.com", "https://evil.com/app", "app/x", "", undefined]) {
      expect(safeRedirectPath(value)).toBeNull();
    }
  });

  it("rejects paths that normalize to another origin (dot segments before a double slash)", () => {
    // new URL("/.//evil.com", base).pathname is "//evil.com": sent as a Location, a browser reads it as
    // the protocol-relative URL of evil.com.
    for (const value of [
      "/.//evil.com",
      "/..//evil.com",
      "/%2e//evil.com",
      "/a/..//evil.com",
      "/./\\evil.com",
    ]) {
      expect(safeRedirectPath(value)).toBeNull();
    }
  });
});

describe("afterAuthDestination", () => {
  it("continues an OAuth request at the consent screen with the same parameters", () => {
    expect(
      afterAuthDestination({
        client_id: "abc",
        redirect_uri: "http://localhost:9/cb",
        state: "1e3",
        redirect: "/x",
      }),
    ).toBe("/oauth/consent?client_id=abc&redirect_uri=http%3A%2F%2Flocalhost%3A9%2Fcb&state=1e3");
  });

  it("leaves out the authorization server's signature: the server signs the request again", () => {
    expect(
      afterAuthDestination({
        client_id: "abc",
        resource: "http://x/mcp",
        sig: "s",
        exp: "1",
        ba_iat: "2",
        ba_param: "a",
      }),
    ).toBe("/oauth/consent?client_id=abc&resource=http%3A%2F%2Fx%2Fmcp");
  });

  it("otherwise goes to a safe redirect, else the dashboard", () => {
    expect(afterAuthDestination({ redirect: "/app/organization/o1" })).toBe("/app/organization/o1");
    expect(afterAuthDestination({ redirect: "https://evil.com" })).toBe("/app/dashboard");
    expect(afterAuthDestination({})).toBe("/app/dashboard");
  });
});
