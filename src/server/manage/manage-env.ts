// What the management API's middleware hands its handlers.
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ManagementCaller } from "../manage-tokens/index.ts";

export interface ManageEnv {
  Variables: {
    /** The organization-level token the request came with, and who created it. */
    caller: ManagementCaller;
  };
}

/** The management API's app, which each resource family's routes/<family>.ts registers on. */
export type ManageApi = OpenAPIHono<ManageEnv>;
