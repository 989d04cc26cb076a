// The e-mail telling a project's admins that a remote MCP server redefined or added tools: each tool by
// the name agents call it, what changed, and the review page where they accept or reject it.

import { escapeHtml } from "../../mail/escape-html.ts";
import type { MailMessage } from "../../mail/mailer.ts";
import { fieldLabels, type HeldTool } from "./changed-fields.ts";

/** The project's review page for definition changes. */
export const definitionReviewUrl = (baseUrl: string, projectId: string) =>
  new URL(`/app/project/${encodeURIComponent(projectId)}/servers/reviews`, baseUrl).toString();

export interface DefinitionChangeMailInput {
  to: string;
  projectId: string;
  projectName: string;
  serverName: string;
  /** Each change with the name agents call the tool by. */
  changes: (HeldTool & { gatewayName: string })[];
  baseUrl: string;
}

/** "its description and input schema changed" / "it is a new tool". */
export function describeChange(change: HeldTool): string {
  if (change.kind === "added") return "a new tool";
  const fields = change.fields.map((field) => fieldLabels[field]);
  const list = fields.length > 1 ? `${fields.slice(0, -1).join(", ")} and ${fields.at(-1)}` : fields[0];
  return `its ${list ?? "definition"} changed`;
}

export function definitionChangeEmail(input: DefinitionChangeMailInput): MailMessage {
  const link = definitionReviewUrl(input.baseUrl, input.projectId);
  const [first] = input.changes;
  const subject =
    input.changes.length === 1 && first
      ? `Review ${first.gatewayName}: ${first.kind === "added" ? "a new tool" : "its definition changed"} (${input.projectName} on Portico)`
      : `Review ${input.changes.length} tool changes of ${input.serverName} (${input.projectName} on Portico)`;
  const intro = `The MCP server behind ${input.serverName} in ${input.projectName} changed what it offers. Portico holds these tools back from agents until an admin of the project reviews the difference:`;
  const lines = input.changes.map((change) => `${change.gatewayName}: ${describeChange(change)}`);
  const action = "Review the changes";
  const outro = `You receive this as an admin of ${input.projectName}. Portico sends it once per change.`;
  const text = [intro, "", ...lines.map((line) => `- ${line}`), "", `${action}: ${link}`, "", outro].join(
    "\n",
  );
  const html = `<p>${escapeHtml(intro)}</p><ul>${lines
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join("")}</ul><p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`;
  return { to: input.to, subject, text, html };
}
