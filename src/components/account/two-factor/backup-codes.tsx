// New backup codes, shown the one time they can be (the server keeps them encrypted and never lists
// them again): the same shown-once warning as a new API key, the codes, and ways to keep them.
import { DownloadIcon, TriangleAlert } from "lucide-react";
import { Button } from "~/components/ui/button.tsx";
import { CopyButton } from "~/components/ui/copy-button.tsx";

const FILE_NAME = "portico-backup-codes.txt";

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = FILE_NAME;
  link.click();
  URL.revokeObjectURL(url);
}

export function BackupCodes({ codes, email }: { codes: string[]; email: string }) {
  const text = [
    `Portico backup codes for ${email}`,
    "Each code signs you in once, instead of a code from your authenticator app.",
    "",
    ...codes,
    "",
  ].join("\n");
  return (
    <div className="flex flex-col gap-3">
      <p className="flex items-start gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden="true" />
        Save these backup codes somewhere safe now: they are shown only this once. Each signs you in once if
        you lose your authenticator app.
      </p>
      <ul
        aria-label="Backup codes"
        className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-md border bg-muted/40 p-3 font-mono text-sm"
        data-testid="backup-codes"
      >
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={text} label="backup codes" />
        <Button type="button" variant="ghost" size="sm" onClick={() => download(text)}>
          <DownloadIcon aria-hidden="true" />
          Download
        </Button>
      </div>
    </div>
  );
}
