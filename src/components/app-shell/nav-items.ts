import {
  BookOpen,
  Bot,
  BrainCircuit,
  History,
  Inbox,
  KeyRound,
  KeySquare,
  LayoutDashboard,
  type LucideIcon,
  Plug,
  ScrollText,
  Server,
  Settings,
  Shield,
  Store,
  Users,
  WalletCards,
  Webhook,
} from "lucide-react";
import type { OrganizationAction } from "~/lib/permissions.ts";
import type { ShellScope } from "./use-current-scope.ts";

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Active only on this exact path (overview pages), not on its children. */
  exact?: boolean;
  /** Listed only for members whose role allows this (the sidebar reads the organization's permissions). */
  permission?: OrganizationAction;
  /** A count shown beside the label (use-nav-badges.ts), with the words a screen reader says for it. */
  badge?: { count: number; label: string };
}

// Only pages that exist are listed: each feature adds its entry (Marketplace, Integrations, Billing,
// Servers, API keys, Agents, Docs) together with its route, so the sidebar never leads to a 404.
export const globalNav: NavItem[] = [
  { label: "Dashboard", href: "/app/dashboard", icon: LayoutDashboard, exact: true },
  { label: "Marketplace", href: "/app/marketplace", icon: Store },
];

/** The current scope's pages: an organization's, or a project's (requirements §2). */
export function scopeNav(scope: ShellScope): NavItem[] {
  if (scope.kind === "organization") {
    const base = `/app/organization/${encodeURIComponent(scope.organizationId)}`;
    return [
      { label: "Overview", href: base, icon: LayoutDashboard, exact: true },
      { label: "Integrations", href: `${base}/integrations`, icon: Plug },
      { label: "Members", href: `${base}/members`, icon: Users },
      { label: "LLM credentials", href: `${base}/llm-credentials`, icon: BrainCircuit },
      { label: "Settings", href: `${base}/settings`, icon: Settings },
      { label: "Billing", href: `${base}/billing`, icon: WalletCards },
      { label: "Audit log", href: `${base}/audit-log`, icon: ScrollText, permission: "auditLog.view" },
      {
        label: "Management tokens",
        href: `${base}/management-tokens`,
        icon: KeySquare,
        permission: "managementTokens.manage",
      },
      { label: "Webhooks", href: `${base}/webhooks`, icon: Webhook, permission: "webhooks.manage" },
    ];
  }
  if (scope.kind === "project") {
    const base = `/app/project/${encodeURIComponent(scope.projectId)}`;
    return [
      { label: "Overview", href: base, icon: LayoutDashboard, exact: true },
      { label: "Servers", href: `${base}/servers`, icon: Server },
      { label: "API keys", href: `${base}/api-keys`, icon: KeyRound },
      { label: "Agents", href: `${base}/agents`, icon: Bot },

      { label: "Policies", href: `${base}/policies`, icon: Shield },
      { label: "Approvals", href: `${base}/approvals`, icon: Inbox },
      { label: "Call log", href: `${base}/calls`, icon: History },
      { label: "Settings", href: `${base}/settings`, icon: Settings },
      { label: "Docs", href: `${base}/platform-docs`, icon: BookOpen },
    ];
  }
  return [];
}
