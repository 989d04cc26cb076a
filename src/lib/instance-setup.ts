// The header a first sign-up from another machine carries the setup code in (server/auth/instance-claim.ts);
// the sign-up form sends it from the `?setup=` of the link the server prints at start.
export const SETUP_CODE_HEADER = "x-portico-setup-code";
