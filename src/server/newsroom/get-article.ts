// Looks up a built-in newsroom article, rendered on the server. The article text is ours (no user input),
// so its HTML is used as it is.
import { createServerFn } from "@tanstack/react-start";

const validateId = (input: unknown): { id: string } => {
  const id = typeof input === "object" && input !== null ? (input as { id?: unknown }).id : undefined;
  // Unknown or malformed ids are simply not found; the length cap keeps lookups cheap.
  return { id: typeof id === "string" ? id.slice(0, 200) : "" };
};

export const getNewsroomArticle = createServerFn({ method: "GET" })
  .validator(validateId)
  .handler(async ({ data }) => {
    // Imported here, not at the top: the browser bundle keeps only this function's stub.
    const { renderArticle } = await import("./render-article.ts");
    return renderArticle(data.id);
  });
