// A call held for approval e-mails the project's reviewers (not the person who asked, unless the
// project lets them approve their own), in the background: the caller gets its pending result at once.
import { eq } from "drizzle-orm";
import type { App } from "../app-services.ts";
import { backgroundWork } from "../background-work.ts";
import { project } from "../db/schema/index.ts";
import { type ApprovalRow, approvalUrl } from "./approval-store.ts";
import { projectReviewers } from "./reviewers.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const sending = backgroundWork("approval-mail");

export function mailReviewers(app: App, row: ApprovalRow): void {
  sending.start(app, sendMails(app, row));
}

/** For tests and a clean stop: the reviewers' e-mails under way have been handed to the mailer. */
export async function approvalMailsSettled(app: App): Promise<void> {
  await sending.settled(app);
}

async function sendMails(app: App, row: ApprovalRow) {
  const [owner] = await app.db
    .select({ name: project.name, allowSelfApproval: project.allowSelfApproval })
    .from(project)
    .where(eq(project.id, row.projectId));
  if (!owner) return;
  const reviewers = await projectReviewers(app.db, row.organizationId, row.projectId);
  const link = approvalUrl(app.config.baseUrl, row.projectId, row.id);
  const subject = `Approval needed in ${owner.name}: ${row.toolName}`;
  const intro = `${row.callerName} asks to run ${row.summary} in the project ${owner.name}.`;
  const until = `It waits for a decision until ${row.expiresAt.toUTCString()}, then expires without running.`;
  const outro = `You receive this as a reviewer of ${owner.name} on Portico.`;
  for (const reviewer of reviewers) {
    if (reviewer.userId === row.requestedBy && !owner.allowSelfApproval) continue;
    const text = [
      intro,
      "",
      `Policy: ${row.decidedByPolicy}`,
      until,
      "",
      `Approve or deny: ${link}`,
      "",
      outro,
    ].join("\n");
    const html = `<p>${escapeHtml(intro)}</p><p>Policy: ${escapeHtml(row.decidedByPolicy)}<br>${escapeHtml(until)}</p><p><a href="${escapeHtml(link)}">Approve or deny</a></p><p>${escapeHtml(outro)}</p>`;
    await app.mailer.send({ to: reviewer.email, subject, text, html });
  }
}
