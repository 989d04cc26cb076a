// "An upstream's tool list changed": the remote MCP engine says so when a list it reloads (its cache
// expired) differs from the one before, and project servers (servers/tool-pins/) answer by reloading
// the projects that use it, where the change is compared with the pinned definitions. A listener,
// because the engines must not depend on project servers.
import type { App } from "../../app-services.ts";
import type { EngineScope } from "./engine.ts";

type Listener = (app: App, scope: EngineScope) => void;

let listener: Listener | undefined;

/** One listener per process (app.ts registers it); a later registration replaces it. */
export function onUpstreamToolsChanged(next: Listener): void {
  listener = next;
}

export function upstreamToolsChanged(app: App, scope: EngineScope): void {
  listener?.(app, scope);
}
