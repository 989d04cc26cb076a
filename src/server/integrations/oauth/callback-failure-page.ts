// The page a person sees when a provider sends them back with a state Portico cannot use (expired,
// used already, started by another account): a styled page in Portico's look, with the reason and a
// way back, instead of a line of plain text. Self-contained HTML: it is answered by the API handler,
// outside the React app, and keeps the failure's HTTP status.
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface CallbackFailure {
  status: number;
  title: string;
  message: string;
  /** Where to start again: the organization's integrations when known, else the dashboard. */
  backHref: string;
  backLabel: string;
}

export function callbackFailurePage(failure: CallbackFailure): Response {
  return hostedPage(
    failure.status,
    failure.title,
    `<h1>${escapeHtml(failure.title)}</h1>
  <p>${escapeHtml(failure.message)}</p>
  <div class="actions">
    <a class="button primary" href="${escapeHtml(failure.backHref)}">${escapeHtml(failure.backLabel)}</a>
    <a class="button" href="/support">Contact support</a>
  </div>`,
  );
}

/**
 * A self-contained page in Portico's look around `body` (trusted HTML: escape what goes in it), also
 * used by the connect page external users see (external-users/connect-page.ts).
 */
export function hostedPage(status: number, title: string, body: string): Response {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Portico</title>
<style>
  :root { color-scheme: light dark; --bg: #fafafa; --fg: #18181b; --muted: #71717a; --card: #fff; --border: #e4e4e7; --primary: #4f46e5; }
  @media (prefers-color-scheme: dark) { :root { --bg: #09090b; --fg: #fafafa; --muted: #a1a1aa; --card: #18181b; --border: #27272a; --primary: #818cf8; } }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: var(--bg); color: var(--fg);
    font: 16px/1.5 ui-sans-serif, system-ui, -apple-system, "Segoe UI", sans-serif; padding: 1rem; box-sizing: border-box; }
  main { max-width: 28rem; width: 100%; box-sizing: border-box; background: var(--card); border: 1px solid var(--border); border-radius: 12px; padding: 2rem; }
  @media (max-width: 480px) { main { padding: 1.25rem; } }
  .brand { font-weight: 600; color: var(--primary); text-decoration: none; }
  h1 { font-size: 1.35rem; margin: 1rem 0 0.5rem; }
  p { color: var(--muted); margin: 0 0 1.5rem; }
  .actions { display: flex; flex-wrap: wrap; gap: 0.75rem; }
  .button { display: inline-block; padding: 0.5rem 1rem; border-radius: 8px; text-decoration: none; font-weight: 500; border: 1px solid var(--border); color: var(--fg); }
  .button.primary { background: var(--primary); border-color: var(--primary); color: #fff; }
  button.button { font: inherit; cursor: pointer; }
  .button:focus-visible { outline: 2px solid var(--primary); outline-offset: 2px; }
  dl { margin: 0 0 1.5rem; display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; }
  dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
</style>
</head>
<body>
<main>
  <a class="brand" href="/">Portico</a>
  ${body}
</main>
</body>
</html>
`;
  return new Response(html, {
    status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}
