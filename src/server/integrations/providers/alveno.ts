import type { ProviderSpec } from "./provider-spec.ts";

// The regional API address comes from the credential's baseUrl (Czech or Slovak).
export const alveno: ProviderSpec = { id: "alveno", endpoints: {} };
