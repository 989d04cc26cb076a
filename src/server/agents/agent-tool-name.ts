// The name an agent has as a tool on the project's /mcp: "agent_" and its name in snake case, made
// unique in the project with a number, within the gateway's [a-z0-9_]{1,64}.
export function agentToolName(name: string, taken: ReadonlySet<string>): string {
  const slug =
    name
      .normalize("NFKD")
      // Accents dropped rather than turned into separators: "Čeština" reads as "cestina".
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 50) || "agent";
  const base = `agent_${slug}`;
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}_${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
