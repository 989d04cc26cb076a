// Prefixes of the tokens handed to clients (not stored): secret scanners and /mcp can tell them apart.
// Their own file, so the hooks oauth-server.ts installs (refresh-access.ts) read them without importing it.
export const ACCESS_TOKEN_PREFIX = "pto_";
export const REFRESH_TOKEN_PREFIX = "ptr_";
