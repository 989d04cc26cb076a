import type { ProviderSpec } from "./provider-spec.ts";

// The API lives under the account's own base URL (the credential's baseUrl), so there is no default.
export const caflou: ProviderSpec = { id: "caflou", endpoints: {} };
