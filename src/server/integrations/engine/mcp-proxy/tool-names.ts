// Remote MCP tool names may hold any characters and be long; Portico's tool names are [a-z0-9_]{1,40}
// (project servers prefix them with the integration id). Each remote name gets a local name that is
// stable: it depends only on the remote name and on which other names collide with it, never on the
// order the remote server lists its tools in.
import { createHash } from "node:crypto";

export const MAX_TOOL_NAME_LENGTH = 40;

function normalize(remoteName: string): string {
  const name = remoteName
    // Accented letters keep their base letter ("État" → "etat") rather than becoming "_".
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, MAX_TOOL_NAME_LENGTH)
    .replace(/_+$/, "");
  return name || "tool";
}

const suffixed = (base: string, seed: string) => {
  const hash = createHash("sha256").update(seed).digest("hex").slice(0, 6);
  return `${base.slice(0, MAX_TOOL_NAME_LENGTH - hash.length - 1).replace(/_+$/, "")}_${hash}`;
};

/**
 * Local name for each remote name. A normalized name claimed by one remote name only is used as is
 * (a remote name that is already valid keeps it even when others collide with it); colliding ones get a
 * short hash of their remote name.
 */
export function localToolNames(remoteNames: readonly string[]): Map<string, string> {
  const claims = new Map<string, number>();
  for (const remote of remoteNames) {
    const base = normalize(remote);
    claims.set(base, (claims.get(base) ?? 0) + 1);
  }
  const local = new Map<string, string>();
  const used = new Set<string>();
  const exact = [...new Set(remoteNames)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // Names that are already valid go first, so they keep their own name whatever collides with them.
  const ordered = [...exact.filter((n) => normalize(n) === n), ...exact.filter((n) => normalize(n) !== n)];
  for (const remote of ordered) {
    const base = normalize(remote);
    let name = base === remote || claims.get(base) === 1 ? base : suffixed(base, remote);
    for (let attempt = 1; used.has(name); attempt++) name = suffixed(base, `${remote}#${attempt}`);
    used.add(name);
    local.set(remote, name);
  }
  return local;
}
