// Shared by access-token.ts (OAuth tokens) and credential-login.ts (login sessions), kept apart so
// neither imports the other.
/** Refresh this long before expiry, so a token never expires in the middle of a call. */
export const REFRESH_MARGIN_MS = 60_000;
