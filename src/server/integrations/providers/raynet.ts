import type { ProviderSpec } from "./provider-spec.ts";

export const raynet: ProviderSpec = {
  id: "raynet",
  endpoints: { apiBaseUrl: "https://app.raynet.cz/api/v2" },
};
