// The playground: a form generated from the tool's input schema, run on the server through the
// gateway's own tool path (projectServers.runTool for a server's tool, standardTools.runTool for a
// standard one), with the result and its time. Ctrl/⌘+Enter runs from anywhere in the form.

import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { useMutation } from "@tanstack/react-query";
import { Play } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useMemo, useState } from "react";
import { toast } from "sonner";
import { FormAlert } from "~/components/auth/form-alert.tsx";
import { messageOf } from "~/components/forms/form-errors.ts";
import { Button } from "~/components/ui/button.tsx";
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from "~/components/ui/dialog.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { RunResult } from "./run-result.tsx";
import { SchemaFormFields } from "./schema-form.tsx";
import { type FormValues, fieldsOf, initialValues, toArguments } from "./schema-form-model.ts";

export interface PlaygroundTool {
  name: string;
  toolName: string;
  title: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export function ToolPlaygroundDialog({
  projectId,
  serverId,
  tool,
  trigger,
}: {
  projectId: string;
  /** The tool's server, or null for a standard tool. */
  serverId: string | null;
  tool: PlaygroundTool;
  trigger: ReactNode;
}) {
  const trpc = useTRPC();
  const fields = useMemo(() => fieldsOf(tool.inputSchema), [tool.inputSchema]);
  const [values, setValues] = useState<FormValues>(() => initialValues(fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ result: CallToolResult; durationMs: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const runServerTool = useMutation(trpc.projectServers.runTool.mutationOptions());
  const runStandardTool = useMutation(trpc.standardTools.runTool.mutationOptions());
  const run = serverId ? runServerTool : runStandardTool;

  const submit = async () => {
    if (run.isPending) return;
    const checked = toArguments(fields, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      const call = { projectId, toolName: tool.toolName, arguments: checked.arguments };
      const answer = serverId
        ? await runServerTool.mutateAsync({ ...call, serverId })
        : await runStandardTool.mutateAsync(call);
      setOutcome({ result: answer.result as CallToolResult, durationMs: answer.durationMs });
    } catch (error) {
      // In place, where the person is looking (a quota message links to the billing page), and as a toast.
      setFailure(messageOf(error));
      toast.error(messageOf(error));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Dialog>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeading
          title={<>Try {tool.title}</>}
          description={
            <>
              <code className="text-xs">{tool.name}</code> ·{" "}
              {serverId
                ? "Runs for real with the organization's connection."
                : "Runs for real, as an agent's call would; no account needed."}
            </>
          }
        />
        <form
          noValidate
          className="flex flex-col gap-4"
          aria-label={`Arguments of ${tool.title}`}
          onKeyDown={onKeyDown}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {fields.length === 0 ? (
            <p className="text-sm text-muted-foreground">This tool takes no input.</p>
          ) : (
            <SchemaFormFields
              fields={fields}
              values={values}
              errors={errors}
              onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
            />
          )}
          <div className="flex items-center justify-end gap-2">
            <span className="text-xs text-muted-foreground">Ctrl+Enter</span>
            <Button type="submit" disabled={run.isPending}>
              <Play className="size-4" aria-hidden="true" /> {run.isPending ? "Running…" : "Run tool"}
            </Button>
          </div>
        </form>
        <FormAlert message={failure} />
        <div aria-live="polite">{outcome ? <RunResult {...outcome} /> : null}</div>
      </DialogContent>
    </Dialog>
  );
}
