// The admin area's pages: its sidebar section and the cards of its index are both built from this list,
// so a new admin page (e.g. Billing) is added with one line here, next to its route.
import {
  BrainCircuit,
  Gauge,
  Inbox,
  KeyRound,
  MessageSquareText,
  MonitorSmartphone,
  Users,
  WalletCards,
} from "lucide-react";
import type { NavItem } from "./nav-items.ts";

export interface AdminNavItem extends NavItem {
  /** One sentence on the admin index's card; the overview itself has none. */
  description?: string;
}

export const adminNav: AdminNavItem[] = [
  { label: "Overview", href: "/app/admin", icon: Gauge, exact: true },
  {
    label: "Users",
    href: "/app/admin/users",
    icon: Users,
    description: "Every account: roles, bans, sessions and deletion.",
  },
  {
    label: "Sessions",
    href: "/app/admin/auth-sessions",
    icon: MonitorSmartphone,
    description: "Who is signed in, from which device and address; sign sessions out.",
  },
  {
    label: "Billing",
    href: "/app/admin/billing",
    icon: WalletCards,
    description: "Every organization's plan, status, usage and seats; set a plan by hand.",
  },
  {
    label: "Platform credentials",
    href: "/app/admin/credentials",
    icon: KeyRound,
    description: "Portico's own OAuth apps and keys, used by organizations that bring none of their own.",
  },
  {
    label: "Platform LLM credentials",
    href: "/app/admin/llm-credentials",
    icon: BrainCircuit,
    description: "Model API keys (OpenAI, Anthropic, Google) any organization's agents may use.",
  },
  {
    label: "Mail outbox",
    href: "/app/admin/outbox",
    icon: Inbox,
    description: "Mail kept on this instance while SMTP is not configured, such as invitation links.",
  },
  {
    label: "Contact messages",
    href: "/app/admin/contact",
    icon: MessageSquareText,
    description: "Messages visitors sent through the contact form on the public site.",
  },
];

export const isAdminPath = (pathname: string) =>
  pathname === "/app/admin" || pathname.startsWith("/app/admin/");
