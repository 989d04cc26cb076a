// A server message shown to people with its addresses as links. Plan limits name the billing page by
// its URL (MCP clients and agents read the same text), which on a page showed as text to copy; here an
// address of this app's own billing page reads "the billing page" and goes there.
import { Fragment } from "react";

const URL_PATTERN = /https?:\/\/[^\s]+[^\s.,;:!?)]/g;
const BILLING_PATH = /^\/app\/organization\/[^/]+\/billing$/;

export function MessageWithLinks({ message }: { message: string }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(URL_PATTERN)) {
    const index = match.index ?? 0;
    // Keyed by where each piece starts in the message: stable for a given message.
    parts.push(<Fragment key={`text-${last}`}>{message.slice(last, index)}</Fragment>);
    parts.push(<MessageLink key={`link-${index}`} href={match[0]} />);
    last = index + match[0].length;
  }
  parts.push(<Fragment key={`text-${last}`}>{message.slice(last)}</Fragment>);
  return <>{parts}</>;
}

function MessageLink({ href }: { href: string }) {
  let url: URL | null = null;
  try {
    url = new URL(href);
  } catch {
    return <>{href}</>;
  }
  const billing = BILLING_PATH.test(url.pathname);
  return (
    <a href={billing ? url.pathname : href} className="font-medium underline underline-offset-2">
      {billing ? "the billing page" : href}
    </a>
  );
}
