// The project overview's ready-to-paste setup for the four most used MCP clients, with this
// instance's real endpoint; the full guides for every client are one click away.
import { Link } from "@tanstack/react-router";
import { ClientSetupGuide } from "~/components/docs/client-setup-guide.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs.tsx";
import { featuredClients as featured } from "./featured-clients.ts";

export function ConnectClientsCard({ projectId, baseUrl }: { projectId: string; baseUrl: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Set up a client</CardTitle>
        <CardDescription>
          Copy the configuration for your client. Other clients, SDKs and the REST API are in the{" "}
          <Link to="/app/project/$projectId/platform-docs" params={{ projectId }} className="underline">
            project docs
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue={featured[0]?.reference}>
          <TabsList className="h-auto flex-wrap">
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
              />
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}
