import { describe, expect, it } from "vitest";
import { authorizeHref, consentRequest, isSignedRequest, signedOAuthQuery } from "./consent-request.ts";

describe("consentRequest", () => {
  it("applies the requirements defaults: code, S256, and empty text", () => {
    expect(consentRequest({ client_id: ["a", "b"] })).toEqual({
      clientId: "a",
      redirectUri: "",
      responseType: "code",
      scope: "",
      state: "",
      codeChallenge: "",
      codeChallengeMethod: "S256",
      resource: [],
    });
  });
});

describe("isSignedRequest", () => {
  const signed = { sig: "x", ba_param: ["client_id", "exp"], exp: "2000" };
  it("needs a signature, its parameter list and a future expiry", () => {
    expect(isSignedRequest(signed, 1_000_000)).toBe(true);
    expect(isSignedRequest(signed, 2_000_001)).toBe(false);
    expect(isSignedRequest({ ...signed, sig: undefined }, 0)).toBe(false);
    expect(isSignedRequest({ ...signed, ba_param: undefined }, 0)).toBe(false);
  });
});

describe("authorizeHref", () => {
  it("sends the request without its signature, keeping repeated resources only", () => {
    expect(
      authorizeHref({
        client_id: ["a", "b"],
        resource: ["r1", "r2"],
        sig: "s",
        ba_param: ["x", "y"],
        exp: "1",
      }),
    ).toBe("/api/auth/oauth2/authorize?client_id=a&resource=r1&resource=r2");
  });
});

describe("signedOAuthQuery", () => {
  it("keeps the signature, the signed list and the parameters it names", () => {
    const query = "client_id=a&state=1e3&sig=s&ba_param=ba_param&ba_param=client_id&ba_param=state&added=1";
    expect(signedOAuthQuery(`?${query}`)).toBe(
      "client_id=a&state=1e3&sig=s&ba_param=ba_param&ba_param=client_id&ba_param=state",
    );
  });

  it("is null without a signature", () => {
    expect(signedOAuthQuery("client_id=a")).toBeNull();
  });
});
