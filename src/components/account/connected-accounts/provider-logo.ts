// The mark shown for a personal connection, which is to a provider, not to one integration: a provider
// with one integration shows that integration's logo (HubSpot, Salesforce…); Google, Microsoft and
// Atlassian, whose connection serves several products, a tile with the provider's initial.
import { integrationEntries, integrations } from "~/integrations/catalogue.ts";
import type { LogoSpec } from "~/lib/integrations/catalogue-entry.ts";
import { isIntegrationId } from "~/lib/integrations/ids.ts";
import type { IntegrationId, ProviderId } from "~/lib/integrations/types.ts";

const sharedProviderTiles: Partial<Record<ProviderId, LogoSpec>> = {
  google: { background: "#1A73E8", glyph: "G" },
  microsoft: { background: "#0067B8", glyph: "M" },
  atlassian: { background: "#0052CC", glyph: "A" },
};

export function providerLogo(provider: ProviderId): LogoSpec {
  const tile = sharedProviderTiles[provider];
  if (tile) return tile;
  const own = integrations.filter((entry) => entry.provider === provider);
  return own.length === 1 && own[0] ? own[0].logo : { background: "#52525B", glyph: provider.charAt(0) };
}

/** The integration to connect a provider for when none is named: the catalogue's first of the provider. */
export function firstIntegrationOf(provider: ProviderId): IntegrationId | undefined {
  return integrations.find((entry) => entry.provider === provider)?.id;
}

/** The catalogue entry of an integration id from a URL, or undefined when there is no such integration. */
export function integrationEntryOf(id: string) {
  return isIntegrationId(id) ? integrationEntries[id] : undefined;
}
