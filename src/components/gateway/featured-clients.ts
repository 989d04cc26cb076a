import type { ClientReference } from "~/lib/client-setup/index.ts";

/** The four most used MCP clients, offered first wherever the app shows setup snippets. */
export const featuredClients: Array<{ reference: ClientReference; label: string }> = [
  { reference: "claude-code", label: "Claude Code" },
  { reference: "claude-desktop", label: "Claude Desktop" },
  { reference: "cursor", label: "Cursor" },
  { reference: "visual-studio-code", label: "VS Code" },
];
