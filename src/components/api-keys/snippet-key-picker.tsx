// Which API key the overview's setup snippets name: one of the person's own active keys (masked, since
// secrets are shown only at creation), or a key created right here whose real secret fills the snippets
// this once (requirements §2, §7 apiKeys.getUserApiKeysForSnippets).

import type { UseQueryResult } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { type ReactNode, useState } from "react";
import { QueryResultError } from "~/components/errors/query-error.tsx";
import { AddButton } from "~/components/ui/add-button.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import { OneTimeSecret } from "./one-time-secret.tsx";
import { type FreshKey, QuickCreateKeyForm, type SnippetKey } from "./quick-create-key-form.tsx";

export interface SnippetKeyPickerProps {
  projectId: string;
  keys: UseQueryResult<SnippetKey[], { message: string }>;
  /** The key the snippets name now (undefined: none, the snippets keep the placeholder). */
  chosen: SnippetKey | undefined;
  onChoose: (keyId: string) => void;
  /** The key created on this page, with its secret. */
  fresh: FreshKey | null;
  onCreated: (key: FreshKey) => void;
  canCreate: boolean;
  /** A name to start from when creating, e.g. the client whose tab is open. */
  suggestedName: string;
}

export function SnippetKeyPicker(props: SnippetKeyPickerProps) {
  const { keys, chosen, fresh, canCreate } = props;
  const [creating, setCreating] = useState(false);
  const createButton = (
    <AddButton variant={keys.data?.length ? "outline" : "default"} onClick={() => setCreating(true)}>
      Create a key
    </AddButton>
  );

  let body: ReactNode;
  if (creating) {
    body = (
      <QuickCreateKeyForm
        projectId={props.projectId}
        suggestedName={props.suggestedName}
        onCancel={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          props.onCreated(key);
        }}
      />
    );
  } else if (keys.isPending) {
    body = (
      <div role="status" className="flex flex-col gap-2 sm:flex-row">
        <Skeleton className="h-9 w-full sm:w-80" />
        <span className="sr-only">Loading your API keys…</span>
      </div>
    );
  } else if (keys.isError) {
    body = <QueryResultError what="Your API keys" query={keys} />;
  } else if (keys.data.length === 0) {
    body = canCreate ? (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-muted-foreground">
          You have no API key in this project yet. Create one and the snippets below are filled in with it.
        </p>
        {createButton}
      </div>
    ) : (
      <p className="text-sm text-muted-foreground">
        You have no API key in this project. Project editors and admins can create keys: ask one of them for a
        key, or connect with OAuth instead.
      </p>
    );
  } else {
    body = (
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Select value={chosen?.id ?? ""} onValueChange={props.onChoose}>
          <SelectTrigger
            aria-label="API key in the snippets"
            className="h-auto min-h-9 w-full min-w-0 py-1.5 sm:w-96"
          >
            <SelectValue placeholder="Choose a key" className="flex min-w-0 flex-1 overflow-hidden" />
          </SelectTrigger>
          <SelectContent>
            {keys.data.map((key) => (
              <SelectItem key={key.id} value={key.id}>
                {/* Name over masked value on a phone, side by side from sm up. */}
                <span className="flex min-w-0 flex-col items-start text-left sm:flex-row sm:items-center sm:gap-2">
                  <span className="max-w-full truncate">{key.name}</span>{" "}
                  <span className="shrink-0 font-mono text-xs text-muted-foreground">{key.masked}</span>
                </span>
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {canCreate ? createButton : null}
      </div>
    );
  }

  return (
    <section
      aria-labelledby="snippet-key-title"
      className="flex min-w-0 flex-col gap-3 rounded-lg border bg-muted/30 p-4"
    >
      <h3 id="snippet-key-title" className="flex items-center gap-2 text-sm font-medium">
        <KeyRound className="size-4" aria-hidden="true" /> API key in the snippets
      </h3>
      {body}
      {creating || !chosen ? null : fresh && chosen.id === fresh.id ? (
        <FreshSecret secret={fresh.secret} />
      ) : (
        <p className="text-sm text-muted-foreground">
          The snippets show <span className="font-medium text-foreground">{chosen.name}</span> masked. Replace
          it with the full key you saved when you created it: Portico stores only a hash and cannot show it
          again.{canCreate ? " Lost it? Create a new key." : null}
        </p>
      )}
    </section>
  );
}

function FreshSecret({ secret }: { secret: string }) {
  return (
    <div className="flex flex-col gap-2">
      <OneTimeSecret secret={secret}>
        This is the only time the key is shown: copy it now. Portico stores only a hash of it, and after you
        leave this page the snippets show it masked.
      </OneTimeSecret>
    </div>
  );
}
