// Right after a key is created: each featured client's setup with the new key already in its snippets,
// so it can be pasted as it is (the key is shown only this once).
import { ClientSetupGuide } from "~/components/docs/client-setup-guide.tsx";
import { featuredClients } from "~/components/gateway/featured-clients.ts";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs.tsx";

export function NewKeySnippets({ secret, baseUrl }: { secret: string; baseUrl: string }) {
  return (
    <Tabs defaultValue={featuredClients[0]?.reference} className="min-w-0">
      <TabsList aria-label="Client" className="h-auto flex-wrap">
        {featuredClients.map(({ reference, label }) => (
          <TabsTrigger key={reference} value={reference}>
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {featuredClients.map(({ reference }) => (
        <TabsContent key={reference} value={reference} className="pt-3">
          <ClientSetupGuide
            reference={reference}
            mcpUrl={`${baseUrl}/mcp`}
            restBaseUrl={`${baseUrl}/api/v1`}
            apiKey={secret}
            headingLevel={3}
          />
        </TabsContent>
      ))}
    </Tabs>
  );
}
