// The URLs connect links may return to (one per line): a connect link naming any other is refused, so a
// link can never send an external user, with a status the builder trusts, somewhere nobody registered.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { QueryResultError } from "~/components/errors/query-error.tsx";
import { fieldErrorsOf, messageOf } from "~/components/forms/form-errors.ts";
import { Button } from "~/components/ui/button.tsx";
import { Card, CardContent, CardFooter, CardHeading } from "~/components/ui/card.tsx";
import { FormField } from "~/components/ui/form-field.tsx";
import { Skeleton } from "~/components/ui/skeleton.tsx";
import { Textarea } from "~/components/ui/textarea.tsx";
import { useTRPC } from "~/lib/trpc.ts";

export function ReturnUrlsCard({ projectId, canManage }: { projectId: string; canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saved = useQuery(trpc.externalUsers.getReturnUrls.queryOptions({ projectId }));
  const save = useMutation(trpc.externalUsers.setReturnUrls.mutationOptions());
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (saved.data) setText(saved.data.urls.join("\n"));
  }, [saved.data]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const urls = text
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    setError(undefined);
    try {
      await save.mutateAsync({ projectId, urls });
    } catch (failure) {
      setError(fieldErrorsOf(failure).urls ?? messageOf(failure));
      return;
    }
    await queryClient.invalidateQueries({ queryKey: trpc.externalUsers.getReturnUrls.pathKey() });
    toast.success("Return URLs saved");
  }

  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <CardHeading
          title="Connect link return URLs"
          description={
            <>
              Where the connect page sends your users back after connecting an account (with{" "}
              <span className="font-mono">?status=connected</span>). A connect link naming any other URL is
              refused.
            </>
          }
        />
        <CardContent className="pt-2">
          {saved.isPending ? (
            <Skeleton className="h-20 w-full" />
          ) : saved.isError ? (
            <QueryResultError what="The return URLs" query={saved} />
          ) : (
            <FormField
              label="Return URLs, one per line"
              error={error}
              hint="https, or http on localhost while developing; your own query parameters may be added."
            >
              <Textarea
                value={text}
                rows={3}
                placeholder="https://app.example.com/integrations/connected"
                onChange={(event) => setText(event.target.value)}
                disabled={!canManage || save.isPending}
              />
            </FormField>
          )}
        </CardContent>
        {canManage && saved.isSuccess ? (
          <CardFooter className="pt-4">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving…" : "Save"}
            </Button>
          </CardFooter>
        ) : null}
      </form>
    </Card>
  );
}
