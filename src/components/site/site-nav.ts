// The public site's navigation, shared by the header, the phone menu and the footer. Paths are plain
// strings: some targets (the integration catalogue) are pages owned by other parts of the app.
export interface SiteLink {
  label: string;
  href: string;
  search?: Record<string, string>;
}

export const primaryNav: SiteLink[] = [
  { label: "Use cases", href: "/use-cases" },
  { label: "Integrations", href: "/integrations" },
  { label: "Pricing", href: "/pricing" },
  { label: "Docs", href: "/docs" },
  { label: "Newsroom", href: "/newsroom" },
];

export const footerColumns: { title: string; links: SiteLink[] }[] = [
  {
    title: "Product",
    links: [
      { label: "Overview", href: "/" },
      { label: "Use cases", href: "/use-cases" },
      { label: "Integrations", href: "/integrations" },
      { label: "Pricing", href: "/pricing" },
    ],
  },
  {
    title: "Developers",
    links: [
      { label: "Documentation", href: "/docs" },
      { label: "Claude Code setup", href: "/docs", search: { ref: "claude-code" } },
      { label: "REST API", href: "/docs", search: { ref: "openapi-rest" } },
      { label: "Management API", href: "/docs/management-api" },
      { label: "Support", href: "/support" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "Our story", href: "/our-story" },
      { label: "Newsroom", href: "/newsroom" },
      { label: "Contact", href: "/contact" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Terms of service", href: "/tos" },
      { label: "Privacy policy", href: "/privacy-policy" },
    ],
  },
];

/** The integration catalogue is owned by the integrations pages; typed as a plain path on purpose. */
export const CATALOGUE_PATH: string = "/integrations";
