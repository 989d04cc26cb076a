export * from "./auth.ts";
export * from "./gateway.ts";
export * from "./integration-connections.ts";
export * from "./integrations.ts";
export * from "./oauth.ts";
export * from "./organizations.ts";
export * from "./platform.ts";
export * from "./projects.ts";
