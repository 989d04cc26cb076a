export * from "./auth.ts";
export * from "./contact.ts";
export * from "./gateway.ts";
export * from "./oauth.ts";
export * from "./organizations.ts";
export * from "./platform.ts";
export * from "./projects.ts";
