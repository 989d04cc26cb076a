// The project overview's ready-to-paste setup for the four most used MCP clients, with this
// instance's real endpoint and the person's API key (picked or created here); the full guides for
// every client are one click away.
import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import type { FreshKey } from "~/components/api-keys/quick-create-key-form.tsx";
import { SnippetKeyPicker } from "~/components/api-keys/snippet-key-picker.tsx";
import { ClientSetupGuide } from "~/components/docs/client-setup-guide.tsx";
import { Card, CardContent, CardHeading } from "~/components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs.tsx";
import { useTRPC } from "~/lib/trpc.ts";
import { featuredClients as featured } from "./featured-clients.ts";

export function ConnectClientsCard({ projectId, baseUrl }: { projectId: string; baseUrl: string }) {
  const trpc = useTRPC();
  // Loaded by the route already: this only reads who may create keys.
  const { data: project } = useSuspenseQuery(trpc.project.getById.queryOptions({ projectId }));
  // Not awaited by the route: the page shows without it and this card says it is loading.
  const keys = useQuery(trpc.apiKeys.getUserApiKeysForSnippets.queryOptions({ projectId }));
  const [client, setClient] = useState<string>(featured[0]?.reference ?? "");
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [fresh, setFresh] = useState<FreshKey | null>(null);

  // The chosen key, else the newest (the list is newest first); a revoked choice falls back too.
  const chosen = keys.data?.find((key) => key.id === chosenId) ?? keys.data?.[0];
  const secret = fresh && chosen?.id === fresh.id ? fresh.secret : undefined;
  const keyProps = secret ? { apiKey: secret } : chosen ? { apiKey: chosen.masked, apiKeyMasked: true } : {};
  const clientLabel = featured.find(({ reference }) => reference === client)?.label ?? "MCP client";

  return (
    <Card>
      <CardHeading
        title="Set up a client"
        description={
          <>
            Copy the configuration for your client. Other clients, SDKs and the REST API are in the{" "}
            <Link to="/app/project/$projectId/platform-docs" params={{ projectId }} className="underline">
              project docs
            </Link>
            .
          </>
        }
      />
      <CardContent className="flex min-w-0 flex-col gap-6">
        <SnippetKeyPicker
          projectId={projectId}
          keys={keys}
          chosen={chosen}
          onChoose={setChosenId}
          fresh={fresh}
          onCreated={(key) => {
            setFresh(key);
            setChosenId(key.id);
          }}
          canCreate={project.permissions["apiKeys.create"]}
          suggestedName={clientLabel}
        />
        <Tabs value={client} onValueChange={setClient} className="min-w-0">
          <TabsList aria-label="Client" className="h-auto flex-wrap">
            {featured.map(({ reference, label }) => (
              <TabsTrigger key={reference} value={reference}>
                {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {featured.map(({ reference }) => (
            <TabsContent key={reference} value={reference} className="pt-4">
              <ClientSetupGuide
                reference={reference}
                mcpUrl={`${baseUrl}/mcp`}
                restBaseUrl={`${baseUrl}/api/v1`}
                headingLevel={3}
                {...keyProps}
              />
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}
