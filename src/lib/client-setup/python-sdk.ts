import { apiKeyVariant, type GuideContent, type SetupContext } from "./types.ts";

export function pythonSdkGuide(context: SetupContext): GuideContent {
  const keyExpression = context.apiKey ? `"${context.apiKey}"` : 'os.environ["PORTICO_API_KEY"]';
  return {
    intro:
      "The official MCP SDK for Python (`mcp` on PyPI) connects with `streamable_http_client`. Authentication headers go on the httpx client you pass in.",
    docsUrl: "https://github.com/modelcontextprotocol/python-sdk",
    requirements: ["Python 3.10 or later", "A Portico project"],
    variants: [
      apiKeyVariant(context, [
        {
          title: "Install the SDK",
          body: [],
          snippets: [{ label: "Terminal", language: "bash", code: "pip install --upgrade mcp httpx" }],
        },
        {
          title: "Connect, list tools and call one",
          body: [
            "The read timeout is generous because tools that call third-party services can take a while.",
          ],
          snippets: [
            {
              label: "portico.py",
              language: "python",
              code: `import asyncio
import os

import httpx
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

PORTICO_URL = "${context.mcpUrl}"


async def main() -> None:
    headers = {"Authorization": f"Bearer {${keyExpression}}"}
    async with httpx.AsyncClient(headers=headers, timeout=httpx.Timeout(30, read=300)) as http:
        async with streamable_http_client(PORTICO_URL, http_client=http) as (read, write, _):
            async with ClientSession(read, write) as session:
                await session.initialize()
                tools = await session.list_tools()
                print([tool.name for tool in tools.tools])
                result = await session.call_tool("get_current_time", {})
                print(result.content)


asyncio.run(main())`,
            },
          ],
        },
      ]),
      {
        id: "oauth",
        label: "OAuth",
        steps: [
          {
            title: "Use the SDK's OAuth provider",
            body: [
              "`mcp.client.auth.OAuthClientProvider` is an `httpx.Auth`: give it your client metadata, a token storage and the redirect and callback handlers, and set it as the httpx client's `auth`. It discovers Portico's authorization server from the first 401 and runs the PKCE flow.",
            ],
            snippets: [
              {
                label: "portico_oauth.py",
                language: "python",
                code: `from mcp.client.auth import OAuthClientProvider
from mcp.shared.auth import OAuthClientMetadata

auth = OAuthClientProvider(
    server_url="${context.mcpUrl}",
    client_metadata=OAuthClientMetadata(
        client_name="My agent",
        redirect_uris=["http://localhost:3030/callback"],
        grant_types=["authorization_code", "refresh_token"],
        response_types=["code"],
    ),
    storage=my_token_storage,  # your TokenStorage implementation
    redirect_handler=open_in_browser,  # async (url) -> None
    callback_handler=wait_for_callback,  # async () -> (code, state)
)
# then: httpx.AsyncClient(auth=auth, timeout=httpx.Timeout(30, read=300))`,
              },
            ],
          },
        ],
      },
    ],
    notes: [
      "Older SDK versions name the function `streamablehttp_client(url, headers=...)`; it is deprecated.",
    ],
  };
}
