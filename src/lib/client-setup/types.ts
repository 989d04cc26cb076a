// The shape of a client setup guide: steps with copyable snippets, in one or two variants (API key,
// OAuth). Guides are plain data built from the project's URLs, so the same text serves the public
// docs, the in-app docs and tests.
import type { ClientReference } from "./references.ts";

export interface SetupContext {
  /** `${BASE_URL}/mcp`: one URL for every project; the token selects the project. */
  mcpUrl: string;
  /** `${BASE_URL}/api/v1`: the REST facade of the same tools. */
  restBaseUrl: string;
  /** A real key to fill in (in the app, right after creating one); a placeholder otherwise. */
  apiKey?: string;
  /**
   * `apiKey` is an existing key's masked form (`ptk_abcd1234…wxyz`): the snippets name the key, and the
   * person swaps in the full secret they saved when they created it (it is never shown again).
   */
  apiKeyMasked?: boolean;
}

export type SnippetLanguage = "bash" | "json" | "typescript" | "python" | "csharp" | "java" | "xml" | "text";

export interface Snippet {
  /** What the snippet is, e.g. "Terminal" or ".vscode/mcp.json". */
  label: string;
  language: SnippetLanguage;
  code: string;
}

export interface GuideStep {
  title: string;
  /** Paragraphs; `code` in backticks is shown as inline code. */
  body: string[];
  snippets?: Snippet[];
}

export type VariantId = "api-key" | "oauth";

export interface GuideVariant {
  id: VariantId;
  label: string;
  steps: GuideStep[];
}

export interface ClientGuide {
  reference: ClientReference;
  name: string;
  intro: string;
  /** The client's own documentation, for everything beyond connecting to Portico. */
  docsUrl: string;
  requirements: string[];
  variants: GuideVariant[];
  notes: string[];
}

/** What a guide file builds: `clientGuide` adds the reference it is filed under and its name from `clientInfo`. */
export type GuideContent = Omit<ClientGuide, "reference" | "name">;

export const API_KEY_PLACEHOLDER = "ptk_your_api_key";

export const apiKeyOf = (context: SetupContext) => context.apiKey ?? API_KEY_PLACEHOLDER;

/** The step every API-key variant starts with. */
export function createKeyStep(context: SetupContext): GuideStep {
  if (context.apiKey && context.apiKeyMasked) {
    return {
      title: "Put in your saved API key",
      body: [
        `The snippets below name your key \`${context.apiKey}\` masked. Replace it with the full key you copied when you created it: Portico stores only a hash and cannot show it again.`,
      ],
    };
  }
  return context.apiKey
    ? {
        title: "Use your project API key",
        body: [
          "The snippets below already contain the key you just created. Keep it secret: it acts as the project.",
        ],
      }
    : {
        title: "Create a project API key",
        body: [
          "In Portico, open your project and go to API keys. Create a key and copy it: it starts with `ptk_` and is shown only once.",
          "Replace `ptk_your_api_key` below with it. The key selects the project, so every project's agents use the same URL.",
        ],
      };
}

/** The API-key variant of a guide: its own steps, after the key step every such variant starts with. */
export function apiKeyVariant(context: SetupContext, steps: GuideStep[], label = "API key"): GuideVariant {
  return { id: "api-key", label, steps: [createKeyStep(context), ...steps] };
}

/** What the OAuth variants say about the consent screen. */
export const OAUTH_CONSENT =
  "A browser window opens on Portico: sign in, choose the project the client may use, and approve. The client stores the tokens and refreshes them itself.";
