// Which REST API version Salesforce's tools call: the newest one the instance lists at GET /services/data/
// (the Versions resource: [{ version, label, url }], no authentication needed), not a pinned number, so a
// new release's version is used once the instance offers it. Learned once per instance for an hour: every
// org on an instance is on the same release, and a release reaches an instance at most a few times a year.
// https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_versions.htm
// https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_versions.htm

import { type CodeToolContext, ToolFailure, type UpstreamCall } from "../_kit/code-tools.ts";
import { toolError } from "../_kit/tool-result.ts";

const KEEP_MS = 60 * 60 * 1000;
const known = new Map<string, { root: string; until: number }>();

// A version's root as the Versions resource names it, e.g. /services/data/v67.0.
const VERSION_ROOT = /^\/services\/data\/v\d{2,3}\.\d$/;

interface ListedVersion {
  version?: unknown;
  url?: unknown;
}

/** The newest version's root from the Versions answer, or why the answer is not one. */
export function newestVersionRoot(answer: unknown): string | { problem: string } {
  if (!Array.isArray(answer)) {
    return { problem: `answered ${answer === null ? "null" : typeof answer}, not a list of versions` };
  }
  const usable = (answer as ListedVersion[]).filter(
    (item): item is { version: string; url: string } =>
      typeof item?.version === "string" &&
      /^\d{2,3}\.\d$/.test(item.version) &&
      typeof item.url === "string" &&
      VERSION_ROOT.test(item.url),
  );
  const newest = usable.reduce<{ version: string; url: string } | undefined>(
    (best, item) => (!best || Number(item.version) > Number(best.version) ? item : best),
    undefined,
  );
  return newest ? newest.url : { problem: `listed ${answer.length} entries and no usable API version` };
}

async function versionRoot(context: CodeToolContext): Promise<string> {
  const cached = known.get(context.apiBase);
  if (cached && cached.until > Date.now()) return cached.root;
  const answer = await context.request({ method: "GET", path: "/services/data/", base: "root" });
  const root = newestVersionRoot(answer);
  if (typeof root !== "string") {
    throw new ToolFailure(
      toolError(
        `Salesforce's versions list (GET /services/data/) ${root.problem}, so no API version to call.`,
      ),
    );
  }
  known.set(context.apiBase, { root, until: Date.now() + KEEP_MS });
  return root;
}

/** A Salesforce REST request under the instance's newest API version: `path` follows /services/data/vXX.X. */
export async function salesforceRequest<T = unknown>(
  context: CodeToolContext,
  call: UpstreamCall,
): Promise<T> {
  const root = await versionRoot(context);
  return context.request<T>({ ...call, path: `${root}${call.path}`, base: "root" });
}
