// Salesforce's OAuth app takes an optional login URL (sandbox or My Domain), and only Salesforce's own
// https hosts: the client secret is sent there.
import { describe, expect, it } from "vitest";
import { credentialShape } from "./index.ts";

const app = { clientId: "id", clientSecret: "secret", redirectUri: "https://portico.example/cb" };
const schema = credentialShape("salesforce", "oauth")?.schema;
const parse = (loginUrl: unknown) => schema?.safeParse({ ...app, loginUrl });

describe("salesforce OAuth app: login URL", () => {
  it("is optional", () => {
    expect(schema?.parse(app)).toEqual(app);
    expect(schema?.parse({ ...app, loginUrl: " " })).toEqual(app);
  });

  it("accepts the login hosts, sandboxes and My Domain, as an origin", () => {
    for (const [given, kept] of [
      ["https://login.salesforce.com", "https://login.salesforce.com"],
      ["https://test.salesforce.com/", "https://test.salesforce.com"],
      ["https://acme.my.salesforce.com", "https://acme.my.salesforce.com"],
      ["https://acme--uat.sandbox.my.salesforce.com", "https://acme--uat.sandbox.my.salesforce.com"],
    ]) {
      expect(parse(given)?.data).toEqual({ ...app, loginUrl: kept });
    }
  });

  it("refuses other hosts, plain http, ports and paths", () => {
    for (const bad of [
      "http://test.salesforce.com",
      "https://evil.example",
      "https://salesforce.com.evil.example",
      "https://evilsalesforce.com",
      "https://test.salesforce.com:8443",
      "https://test.salesforce.com/services/oauth2",
      "not a url",
    ]) {
      const result = parse(bad);
      expect(result?.success, bad).toBe(false);
      expect(result?.error?.issues[0]?.message).toMatch(/^Login URL must be/);
    }
  });
});
