import type { ProviderSpec } from "./provider-spec.ts";

export const openai: ProviderSpec = { id: "openai", endpoints: { apiBaseUrl: "https://api.openai.com/v1" } };
