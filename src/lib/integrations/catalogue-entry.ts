// The shape of a public catalogue entry (requirements §3 "Catalogue entry"), shared by the three lists that
// make up the catalogue: integrations, standard tools and coming-soon tools.
import type { Category, IntegrationId, ProviderId, SourceType } from "./types.ts";

/**
 * An entry's mark: the brand's own, a static SVG under public/logos (scripts/build-logos.ts, from CC0
 * icon packages) when `src` is set, else a tile drawn from the brand colour and a short glyph.
 */
export interface LogoSpec {
  background: string;
  foreground?: string;
  glyph: string;
  /** Path of the brand mark's SVG file, served statically (never bundled into the JS). */
  src?: string;
}

interface EntryBase {
  id: string;
  name: string;
  description: string;
  category: Category;
  logo: LogoSpec;
  features: readonly string[];
  documentationUrl: string;
  /** 10 for coming-soon tools up to 100 for gmail (requirements §9); the catalogue sorts by it. */
  popularity: number;
  badges: readonly string[];
  buttonText?: string;
  disabled: boolean;
}

export interface IntegrationEntry extends EntryBase {
  kind: "integration";
  id: IntegrationId;
  provider: ProviderId;
  sourceType: SourceType;
}

export interface StandardToolEntry extends EntryBase {
  kind: "standard-tool";
  /** The gateway's tool names this entry stands for. */
  tools: readonly string[];
}

export interface ComingSoonEntry extends EntryBase {
  kind: "coming-soon";
}

export type CatalogueEntry = IntegrationEntry | StandardToolEntry | ComingSoonEntry;
