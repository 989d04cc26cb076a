// The gateway's long-lived parts for one process: who a token belongs to, which tools a project has,
// and the call recorder. Caches are dropped for a project on every replica through a PostgreSQL
// notification whenever something behind them changes.
import type { DatabaseHandle } from "../db/client.ts";
import { reportError } from "../observability/report-error.ts";
import { PrincipalResolver } from "./authenticate.ts";
import { CallRecorder } from "./call-recorder.ts";
import { ProjectToolCatalog, type ToolSource } from "./project-tools.ts";
import { standardToolSource } from "./standard-tools/project-standard-tools.ts";

const CHANNEL = "portico_gateway";
const ALL_PROJECTS = "*";

export interface Gateway {
  principals: PrincipalResolver;
  tools: ProjectToolCatalog;
  recorder: CallRecorder;
  /** Drops cached keys and tools of a project here and on every other replica. */
  invalidateProject(projectId: string): Promise<void>;
  stop(): Promise<void>;
}

export async function createGateway(
  database: DatabaseHandle,
  extraSources: ToolSource[] = [],
): Promise<Gateway> {
  const principals = new PrincipalResolver(database);
  const tools = new ProjectToolCatalog(database.db, [standardToolSource, ...extraSources], (message) =>
    console.warn(`[gateway] ${message}`),
  );
  const recorder = new CallRecorder(
    database,
    (error) => reportError(error, { where: "call-recorder" }),
    (message) => console.warn(`[gateway] ${message}`),
  );
  const forget = (projectId: string) => {
    if (projectId === ALL_PROJECTS) {
      principals.forgetAll();
      tools.forgetAll();
    } else {
      principals.forgetProject(projectId);
      tools.forgetProject(projectId);
    }
  };
  // After the listening connection was lost, any key or tool may have changed unheard: drop them all.
  await database.listen(CHANNEL, forget, () => forget(ALL_PROJECTS));
  recorder.start();
  return {
    principals,
    tools,
    recorder,
    async invalidateProject(projectId) {
      forget(projectId);
      await database.notify(CHANNEL, projectId);
    },
    stop: () => recorder.stop(),
  };
}
