// An integration's catalogue entry as its folder writes it: the fields every integration shares
// (badge, button) are filled in here, so an entry.ts holds only what is its own.
import type { IntegrationEntry } from "../lib/integrations/catalogue-entry.ts";
import { BADGE_PRODUCT_TEAM, type IntegrationId } from "../lib/integrations/types.ts";

type Definition = Omit<IntegrationEntry, "kind" | "id" | "badges" | "disabled" | "buttonText">;

export const defineEntry = <Id extends IntegrationId>(id: Id, definition: Definition) =>
  ({
    kind: "integration",
    id,
    badges: [BADGE_PRODUCT_TEAM],
    buttonText: "Connect",
    disabled: false,
    ...definition,
  }) satisfies IntegrationEntry;
