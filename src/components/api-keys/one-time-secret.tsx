import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { CopyButton } from "~/components/ui/copy-button.tsx";
import { Input } from "~/components/ui/input.tsx";

/**
 * A new API key's (or management token's) secret, shown the one time it can be (Portico keeps only its
 * hash): the warning that says so, and the key selected on focus with a copy button.
 */
export function OneTimeSecret({
  secret,
  children,
  onCopied,
  label = "API key",
}: {
  secret: string;
  children: ReactNode;
  onCopied?: () => void;
  /** What the secret is, for the field's and the copy button's names. */
  label?: string;
}) {
  return (
    <>
      <p className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
        {children}
      </p>
      <div className="flex min-w-0 items-center gap-2">
        <Input
          readOnly
          onCopy={onCopied}
          value={secret}
          aria-label={`New ${label}`}
          className="min-w-0 font-mono text-xs"
          onFocus={(event) => event.target.select()}
        />
        <CopyButton text={secret} label={label} onCopied={onCopied} />
      </div>
    </>
  );
}
