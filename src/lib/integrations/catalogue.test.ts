// The catalogue against requirements §3 and §9: ids, providers, categories, coming-soon list, badges,
// popularity, and the search/filter of the public page.
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { integrations } from "../../integrations/catalogue.ts";
import { catalogue, filterCatalogue, findIntegration } from "./catalogue.ts";
import { parseCatalogueSearch } from "./catalogue-search.ts";
import { comingSoon } from "./coming-soon.ts";
import { INVALID_AUTH_FLOW_MESSAGE, isAuthFlowAllowed, providers } from "./providers.ts";
import { standardTools } from "./standard-tools.ts";
import { categories, integrationIds, providerIds } from "./types.ts";

const specProvider: Record<string, string> = {
  gmail: "google",
  "google-calendar": "google",
  "google-drive": "google",
  jira: "atlassian",
  confluence: "atlassian",
  sharepoint: "microsoft",
  "outlook-email": "microsoft",
  "outlook-calendar": "microsoft",
};

describe("integration entries", () => {
  it("has exactly the 19 integration ids of requirements §3, once each", () => {
    expect(integrations.map((entry) => entry.id).sort()).toEqual([...integrationIds].sort());
    expect(integrationIds).toHaveLength(19);
  });

  it("maps each integration to its provider (Google and Microsoft products share theirs)", () => {
    for (const entry of integrations) {
      expect(entry.provider).toBe(specProvider[entry.id] ?? entry.id);
      expect(providerIds).toContain(entry.provider);
    }
  });

  it("gives every entry the catalogue fields with a known category and an http(s) documentation link", () => {
    for (const entry of catalogue) {
      expect(entry.name.length, entry.id).toBeGreaterThan(0);
      expect(entry.description.length, entry.id).toBeGreaterThan(10);
      expect(categories, entry.id).toContain(entry.category);
      expect(entry.logo.glyph.length, entry.id).toBeGreaterThan(0);
      expect(entry.logo.background, entry.id).toMatch(/^#[0-9A-F]{6}$/i);
      // A brand mark is a file scripts/build-logos.ts wrote under public/logos, named after the entry.
      if (entry.logo.src) {
        expect(entry.logo.src, entry.id).toBe(`/logos/${entry.id}.svg`);
        expect(existsSync(new URL(`../../../public${entry.logo.src}`, import.meta.url)), entry.id).toBe(true);
      }
      expect(entry.documentationUrl, entry.id).toMatch(/^(https:\/\/|\/)/);
      expect(entry.badges.length, entry.id).toBeGreaterThan(0);
    }
  });

  it("marks integrations as built by the product team, with brevo and exa as remote MCP servers", () => {
    for (const entry of integrations) {
      expect(entry.badges).toEqual(["Created by the product team"]);
      expect(entry.disabled).toBe(false);
      expect(entry.features.length).toBeGreaterThan(0);
      expect(entry.sourceType).toBe(entry.id === "brevo" || entry.id === "exa" ? "mcp" : "openapi");
    }
  });

  it("keeps ids unique across the whole catalogue", () => {
    const ids = catalogue.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("popularity and coming soon (requirements §9)", () => {
  it("ranges from 10 for coming-soon tools to 100 for gmail, most popular first", () => {
    expect(catalogue[0]?.id).toBe("gmail");
    expect(catalogue[0]?.popularity).toBe(100);
    for (const entry of catalogue) {
      expect(entry.popularity).toBeGreaterThanOrEqual(10);
      expect(entry.popularity).toBeLessThanOrEqual(100);
    }
    const popularity = catalogue.map((entry) => entry.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    expect(catalogue.filter((entry) => entry.kind !== "coming-soon").every((e) => e.popularity > 10)).toBe(
      true,
    );
  });

  it("lists the 20 coming-soon tools with a disabled 'Coming Soon' button at popularity 10", () => {
    expect(comingSoon.map((entry) => entry.name)).toEqual([
      "Dynamics 365",
      "SAP Sales Cloud",
      "Google Workspace",
      "Slack",
      "Discord",
      "MS Teams",
      "Asana",
      "Trello",
      "BaseCamp",
      "SmartSheet",
      "ClickUp",
      "Freelo",
      "Zoom",
      "Webex",
      "SAP S4 HANA Cloud",
      "NetSuite ERP",
      "M-FILES",
      "MS OneDrive",
      "Dropbox",
      "Progress ShareFile",
    ]);
    for (const entry of comingSoon) {
      expect(entry).toMatchObject({ disabled: true, popularity: 10, buttonText: "Coming Soon" });
      expect(entry.badges).toEqual(["Coming Soon"]);
    }
  });

  it("presents the five standard tools with the 'Standard Tool' badge", () => {
    expect(standardTools.flatMap((entry) => entry.tools).sort()).toEqual(
      ["calculate", "convert_time", "date_calculate", "fetch_web_page", "get_current_time"].sort(),
    );
    for (const entry of standardTools) expect(entry.badges).toEqual(["Standard Tool"]);
  });
});

describe("search and filter", () => {
  it("accepts only standard-tools as a filter and drops anything else", () => {
    expect(parseCatalogueSearch({ filter: "standard-tools" })).toEqual({ filter: "standard-tools" });
    expect(parseCatalogueSearch({ filter: "crm" })).toEqual({});
    expect(parseCatalogueSearch({ filter: ["standard-tools", "x"] })).toEqual({ filter: "standard-tools" });
    expect(parseCatalogueSearch({ filter: ["x", "standard-tools"] })).toEqual({});
    expect(parseCatalogueSearch({ search: "  jira " })).toEqual({ search: "jira" });
    expect(parseCatalogueSearch({ search: "x".repeat(101) })).toEqual({});
  });

  it("filter=standard-tools lists only standard tools", () => {
    const shown = filterCatalogue(catalogue, { filter: "standard-tools" });
    expect(shown.map((entry) => entry.id).sort()).toEqual(standardTools.map((entry) => entry.id).sort());
  });

  it("matches every search word in names, descriptions, categories and badges, ignoring case", () => {
    expect(filterCatalogue(catalogue, { search: "JIRA" }).map((entry) => entry.id)).toEqual(["jira"]);
    const calendars = filterCatalogue(catalogue, { search: "calendar google" }).map((entry) => entry.id);
    expect(calendars).toContain("google-calendar");
    expect(calendars).not.toContain("outlook-calendar");
    expect(filterCatalogue(catalogue, { search: "coming soon" })).toHaveLength(20);
    expect(filterCatalogue(catalogue, { search: "no-such-thing" })).toEqual([]);
    expect(filterCatalogue(catalogue, { filter: "standard-tools", search: "gmail" })).toEqual([]);
  });

  it("finds detail entries only by integration id", () => {
    expect(findIntegration("gmail")?.name).toBe("Gmail");
    expect(findIntegration("slack")).toBeUndefined();
    expect(findIntegration("current-time")).toBeUndefined();
    expect(findIntegration("__proto__")).toBeUndefined();
  });
});

describe("providers (requirements §5)", () => {
  it("allow exactly the auth flows of requirements §5", () => {
    const flows = Object.fromEntries(providerIds.map((id) => [id, [...providers[id].authFlows].sort()]));
    expect(flows).toEqual({
      google: ["oauth", "service-account"],
      atlassian: ["api-token", "oauth"],
      microsoft: ["oauth"],
      hubspot: ["oauth"],
      salesforce: ["oauth"],
      monday: ["oauth"],
      pipedrive: ["oauth"],
      attio: ["oauth"],
      surveymonkey: ["oauth"],
      raynet: ["api-token"],
      caflou: ["api-token"],
      alveno: ["api-token"],
      brevo: ["api-token"],
      exa: ["api-token", "oauth"],
      openai: ["api-token"],
    });
    expect(isAuthFlowAllowed("google", "api-token")).toBe(false);
    expect(INVALID_AUTH_FLOW_MESSAGE).toBe("Invalid auth flow type for the selected provider");
  });
});
