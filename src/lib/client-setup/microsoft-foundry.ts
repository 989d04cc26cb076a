import { apiKeyOf, apiKeyVariant, type GuideContent, type SetupContext } from "./types.ts";

export function microsoftFoundryGuide(context: SetupContext): GuideContent {
  const key = apiKeyOf(context);
  return {
    intro:
      "Foundry Agent Service agents call remote MCP servers through the MCP tool. The key is kept in a project connection, so it never appears in agent definitions or code.",
    docsUrl: "https://learn.microsoft.com/azure/ai-foundry/agents/how-to/tools/model-context-protocol",
    requirements: ["A Microsoft Foundry project with a deployed model", "A Portico project on a public URL"],
    variants: [
      apiKeyVariant(context, [
        {
          title: "Store the key in a project connection",
          body: [
            "In the Foundry portal, open your project's connected resources and add a Custom keys connection named `portico` with one key:",
          ],
          snippets: [
            { label: "Custom keys connection", language: "text", code: `Authorization = Bearer ${key}` },
          ],
        },
        {
          title: "Add the MCP tool to your agent",
          body: [
            "In the portal: open the agent, add a tool, choose Model Context Protocol, give it the label `portico`, the endpoint below, and the `portico` connection for authentication. In code (Python, `azure-ai-projects` 2.x):",
          ],
          snippets: [
            { label: "Remote MCP server endpoint", language: "text", code: context.mcpUrl },
            {
              label: "agent.py",
              language: "python",
              code: `import os

from azure.ai.projects import AIProjectClient
from azure.ai.projects.models import MCPTool, PromptAgentDefinition
from azure.identity import DefaultAzureCredential

project = AIProjectClient(
    endpoint=os.environ["FOUNDRY_PROJECT_ENDPOINT"],
    credential=DefaultAzureCredential(),
)
portico = MCPTool(
    server_label="portico",
    server_url="${context.mcpUrl}",
    require_approval="never",
    project_connection_id=os.environ["PORTICO_CONNECTION_ID"],
)
agent = project.agents.create_version(
    agent_name="portico-agent",
    definition=PromptAgentDefinition(
        model=os.environ["MODEL_DEPLOYMENT_NAME"],
        instructions="Answer with the data from the Portico tools.",
        tools=[portico],
    ),
)

openai = project.get_openai_client()
response = openai.responses.create(
    input="Which meetings do I have tomorrow?",
    extra_body={"agent": {"name": agent.name, "type": "agent_reference"}},
)
print(response.output_text)`,
            },
          ],
        },
      ]),
    ],
    notes: [
      "Foundry calls Portico from Azure, so the Portico URL must be reachable from the internet.",
      "Classic (persistent) agents set the header with `McpTool.update_headers` on each run instead of a connection.",
    ],
  };
}
