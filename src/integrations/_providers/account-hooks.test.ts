// The OAuth account hooks of providers whose connections need more than a token (OAuthSpec
// accountAfterConnect and address): Atlassian's sites and Salesforce's instance, with the provider's
// answers given by a stand-in for the server's AskProvider.
import { describe, expect, it } from "vitest";
import { type AskProvider, ConnectionUnavailableError } from "../_kit/connection-account.ts";
import { atlassian } from "./atlassian.ts";
import { salesforce } from "./salesforce.ts";

const site = (id: string) => ({
  id,
  url: `https://${id}.atlassian.net`,
  name: id,
  scopes: ["read:jira-work"],
});

/** Answers every GET with `answer`, recording the URLs asked. */
function answering(answer: unknown): AskProvider & { asked: string[] } {
  const asked: string[] = [];
  return Object.assign(
    async (url: string) => {
      asked.push(url);
      return answer;
    },
    { asked },
  );
}

const endpoints = { apiBaseUrl: "https://api.atlassian.test" };

describe("Atlassian", () => {
  const { accountAfterConnect, address } = atlassian.oauth ?? {};

  it("keeps the only site a new token reaches, each site once, from accessible-resources", async () => {
    const ask = answering([site("acme"), { ...site("acme"), scopes: ["read:confluence-content.all"] }]);
    const account = await accountAfterConnect?.(ask, endpoints, null);
    expect(ask.asked).toEqual(["https://api.atlassian.test/oauth/token/accessible-resources"]);
    expect(account).toEqual({
      site: { id: "acme", url: "https://acme.atlassian.net", name: "acme" },
      sites: [{ id: "acme", url: "https://acme.atlassian.net", name: "acme" }],
    });
  });

  it("of several sites keeps the one chosen before, and otherwise leaves the choice to the person", async () => {
    const ask = answering([site("first"), site("acme")]);
    const chosen = { site: { id: "acme", url: "https://acme.atlassian.net", name: "acme" } };
    expect((await accountAfterConnect?.(ask, endpoints, chosen))?.site?.id).toBe("acme");
    const open = await accountAfterConnect?.(ask, endpoints, null);
    expect(open?.site).toBeUndefined();
    expect(open?.sites?.map((listed) => listed.id)).toEqual(["first", "acme"]);
  });

  it("refuses to connect a token that reaches no site", async () => {
    await expect(accountAfterConnect?.(answering([]), endpoints, null)).rejects.toThrow(
      new ConnectionUnavailableError(
        "the Atlassian account reaches no site with the access Portico asks for",
      ),
    );
  });

  it("calls the chosen site's cloudId; a connection without one discovers its only site", async () => {
    expect(address?.stored?.({ site: { id: "acme", url: "", name: "acme" } })).toEqual({
      variables: { cloudId: "acme" },
    });
    expect(address?.stored?.(null)).toBeUndefined();
    expect(await address?.discover(answering([site("acme")]), endpoints)).toEqual({
      variables: { cloudId: "acme" },
    });
    await expect(address?.discover(answering([site("a"), site("b")]), endpoints)).rejects.toThrow(
      /reaches several sites: reconnect Atlassian and choose one/,
    );
  });
});

describe("Salesforce", () => {
  const discover = salesforce.oauth?.address?.discover;
  const login = { apiBaseUrl: "https://login.salesforce.test" };

  it("finds a connection's instance from userinfo's REST URL", async () => {
    const ask = answering({ urls: { rest: "https://acme.my.salesforce.test/services/data/v{version}/" } });
    expect(await discover?.(ask, login)).toEqual({
      baseUrl: "https://acme.my.salesforce.test",
      variables: {},
    });
    expect(ask.asked).toEqual(["https://login.salesforce.test/services/oauth2/userinfo"]);
  });

  it("says so when userinfo names no instance", async () => {
    await expect(discover?.(answering({ urls: {} }), login)).rejects.toThrow(
      "Salesforce did not say which instance serves this connection.",
    );
  });
});
