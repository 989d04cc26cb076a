import { CheckIcon, CopyIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button.tsx";

/** Copies `text`; says so on the button and to screen readers for two seconds. */
export function CopyButton({
  text,
  label,
  onCopied,
}: {
  text: string;
  label: string;
  /** Told once the text is on the clipboard (e.g. a one-time secret's dialog may then close unasked). */
  onCopied?: () => void;
}) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
      onCopied?.();
    } catch {
      setState("failed");
    }
  };

  return (
    <Button type="button" variant="ghost" size="sm" onClick={() => void copy()} aria-label={`Copy ${label}`}>
      {state === "copied" ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      <span aria-live="polite">
        {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : "Copy"}
      </span>
    </Button>
  );
}
