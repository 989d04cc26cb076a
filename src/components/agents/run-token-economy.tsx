// Under a finished run: its prompt tokens beside what they would have been had every executor turn
// listed all the tools the agent may use instead of the ones Neo selected (issue 39, token economy).
// The tool counts are o200k_base token counts of the definitions (agents/neo/tool-list-tokens.ts).
const formatter = new Intl.NumberFormat("en");

export function RunTokenEconomy({
  inputTokens,
  toolListTokens,
}: {
  inputTokens: number;
  toolListTokens: { offered: number; all: number; turns: number } | null;
}) {
  if (!toolListTokens || toolListTokens.turns === 0) return null;
  const { offered, all, turns } = toolListTokens;
  const withAll = inputTokens + turns * Math.max(0, all - offered);
  const saved = withAll > 0 ? Math.round((1 - inputTokens / withAll) * 100) : 0;
  return (
    <p className="text-xs text-muted-foreground" data-testid="token-economy">
      Prompt tokens: {formatter.format(inputTokens)} · listing all the project's tools would have cost about{" "}
      {formatter.format(withAll)}
      {saved > 0 ? ` (${saved}% saved)` : ""}
    </p>
  );
}
