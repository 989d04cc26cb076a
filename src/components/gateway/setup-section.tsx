// The project overview's setup steps (endpoint, client snippets): open while the project has no calls,
// folded into one line once agents use it, still one click away for the next client.
import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";

export function SetupSection({ folded, children }: { folded: boolean; children: ReactNode }) {
  return (
    <details open={!folded} className="group flex flex-col gap-6 rounded-xl border p-4 open:gap-6">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 font-semibold [&::-webkit-details-marker]:hidden">
        Connect an agent or another client
        <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <div className="mt-4 flex flex-col gap-6">{children}</div>
    </details>
  );
}
