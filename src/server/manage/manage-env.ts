// What the management API's middleware hands its handlers.
import type { ManagementCaller } from "../manage-tokens/index.ts";

export interface ManageEnv {
  Variables: {
    /** The organization-level token the request came with, and who created it. */
    caller: ManagementCaller;
  };
}
