import { describe, expect, it } from "vitest";
import { pageTitle, seo } from "./seo.ts";

const metaContent = (head: ReturnType<typeof seo>, key: string) =>
  head.meta.find(
    (tag) => ("name" in tag && tag.name === key) || ("property" in tag && tag.property === key),
  ) as { content: string } | undefined;

describe("seo", () => {
  it("builds the title, description, keywords and social tags", () => {
    const head = seo({ title: "Pricing", description: "Plans and prices", keywords: ["mcp", "agents"] });
    expect(head.meta).toContainEqual({ title: "Pricing · Portico" });
    expect(metaContent(head, "description")?.content).toBe("Plans and prices");
    expect(metaContent(head, "og:description")?.content).toBe("Plans and prices");
    expect(metaContent(head, "twitter:description")?.content).toBe("Plans and prices");
    expect(metaContent(head, "keywords")?.content).toBe("mcp, agents");
    expect(metaContent(head, "og:site_name")?.content).toBe("Portico");
    expect(metaContent(head, "twitter:site")?.content).toBe("@portico");
  });

  it("uses the summary card without an image and the large card with one", () => {
    expect(metaContent(seo({ title: "A" }), "twitter:card")?.content).toBe("summary");
    const head = seo({ title: "A", image: "/social-card.png", baseUrl: "https://portico.example" });
    expect(metaContent(head, "twitter:card")?.content).toBe("summary_large_image");
    expect(metaContent(head, "og:image")?.content).toBe("https://portico.example/social-card.png");
    expect(metaContent(head, "twitter:image")?.content).toBe("https://portico.example/social-card.png");
  });

  it("makes the canonical link absolute from the base URL", () => {
    const head = seo({ title: "Docs", canonicalPath: "/docs", baseUrl: "https://portico.example" });
    expect(head.links).toContainEqual({ rel: "canonical", href: "https://portico.example/docs" });
    expect(metaContent(head, "og:url")?.content).toBe("https://portico.example/docs");
  });

  it("always links the company and omits optional tags when not given", () => {
    const head = seo({ title: "Portico" });
    expect(head.meta).toContainEqual({ title: "Portico" });
    expect(head.links).toEqual([
      { rel: "author", href: "/" },
      { rel: "publisher", href: "/" },
    ]);
    expect(metaContent(head, "description")).toBeUndefined();
    expect(metaContent(head, "keywords")).toBeUndefined();
    expect(metaContent(head, "robots")).toBeUndefined();
  });

  it("marks pages no-index on request", () => {
    expect(metaContent(seo({ title: "Sign in", noindex: true }), "robots")?.content).toBe(
      "noindex, nofollow",
    );
  });
});

describe("pageTitle", () => {
  it("appends the product name once", () => {
    expect(pageTitle("Sign in")).toBe("Sign in · Portico");
    expect(pageTitle("Sign in · Portico")).toBe("Sign in · Portico");
    expect(pageTitle("Portico")).toBe("Portico");
  });
});
