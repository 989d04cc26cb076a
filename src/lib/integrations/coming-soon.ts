// The coming-soon tools of requirements §9: listed so visitors see what is planned, with a disabled
// 'Coming Soon' button and the lowest popularity (10).
import type { ComingSoonEntry, LogoSpec } from "./catalogue-entry.ts";
import { BADGE_COMING_SOON, type Category } from "./types.ts";

const COMING_SOON_POPULARITY = 10;

const define = (
  id: string,
  name: string,
  category: Category,
  description: string,
  logo: LogoSpec,
  documentationUrl: string,
): ComingSoonEntry => ({
  kind: "coming-soon",
  id,
  name,
  description,
  category,
  logo,
  features: [],
  documentationUrl,
  popularity: COMING_SOON_POPULARITY,
  badges: [BADGE_COMING_SOON],
  buttonText: BADGE_COMING_SOON,
  disabled: true,
});

const sales: Category = "Sales & Marketing Tools";
const communication: Category = "Communication & Collaboration";
const projects: Category = "Project Management";
const storage: Category = "Cloud Storage";
const calendar: Category = "Calendar & Scheduling";

export const comingSoon: readonly ComingSoonEntry[] = [
  define(
    "dynamics-365",
    "Dynamics 365",
    sales,
    "Microsoft's CRM and ERP suite.",
    { background: "#002050", glyph: "D365" },
    "https://learn.microsoft.com/dynamics365/",
  ),
  define(
    "sap-sales-cloud",
    "SAP Sales Cloud",
    sales,
    "SAP's sales force automation.",
    { background: "#0070F2", glyph: "SAP" },
    "https://help.sap.com/docs/sap-sales-cloud",
  ),
  define(
    "google-workspace",
    "Google Workspace",
    communication,
    "Admin and directory data of Google Workspace.",
    { background: "#34A853", glyph: "GW" },
    "https://developers.google.com/workspace",
  ),
  define(
    "slack",
    "Slack",
    communication,
    "Channels, messages and search in Slack.",
    { background: "#4A154B", glyph: "#" },
    "https://api.slack.com/",
  ),
  define(
    "discord",
    "Discord",
    communication,
    "Servers, channels and messages in Discord.",
    { background: "#5865F2", glyph: "Dc" },
    "https://discord.com/developers/docs",
  ),
  define(
    "ms-teams",
    "MS Teams",
    communication,
    "Chats, channels and meetings in Microsoft Teams.",
    { background: "#4B53BC", glyph: "T" },
    "https://learn.microsoft.com/graph/teams-concept-overview",
  ),
  define(
    "asana",
    "Asana",
    projects,
    "Projects and tasks in Asana.",
    { background: "#F06A6A", glyph: "As" },
    "https://developers.asana.com/",
  ),
  define(
    "trello",
    "Trello",
    projects,
    "Boards, lists and cards in Trello.",
    { background: "#0079BF", glyph: "Tr" },
    "https://developer.atlassian.com/cloud/trello/",
  ),
  define(
    "basecamp",
    "BaseCamp",
    projects,
    "Projects, to-dos and message boards in Basecamp.",
    { background: "#1D2D35", glyph: "Bc" },
    "https://github.com/basecamp/bc3-api",
  ),
  define(
    "smartsheet",
    "SmartSheet",
    projects,
    "Sheets, rows and reports in Smartsheet.",
    { background: "#0073EC", glyph: "Ss" },
    "https://developers.smartsheet.com/",
  ),
  define(
    "clickup",
    "ClickUp",
    projects,
    "Spaces, lists and tasks in ClickUp.",
    { background: "#7B68EE", glyph: "Cu" },
    "https://clickup.com/api/",
  ),
  define(
    "freelo",
    "Freelo",
    projects,
    "Projects and to-do lists in Freelo.",
    { background: "#2FB5A6", glyph: "F" },
    "https://freelo.io/",
  ),
  define(
    "zoom",
    "Zoom",
    calendar,
    "Meetings, recordings and transcripts in Zoom.",
    { background: "#0B5CFF", glyph: "Z" },
    "https://developers.zoom.us/",
  ),
  define(
    "webex",
    "Webex",
    calendar,
    "Meetings and messaging in Webex.",
    { background: "#07C160", glyph: "W" },
    "https://developer.webex.com/",
  ),
  define(
    "sap-s4-hana-cloud",
    "SAP S4 HANA Cloud",
    "Human Resources",
    "SAP's cloud ERP.",
    { background: "#0A6ED1", glyph: "S4" },
    "https://api.sap.com/",
  ),
  define(
    "netsuite-erp",
    "NetSuite ERP",
    sales,
    "Oracle NetSuite's cloud ERP and CRM.",
    { background: "#125580", glyph: "N" },
    "https://docs.oracle.com/en/cloud/saas/netsuite/",
  ),
  define(
    "m-files",
    "M-FILES",
    storage,
    "Documents and metadata in M-Files.",
    { background: "#0B68B3", glyph: "Mf" },
    "https://developer.m-files.com/",
  ),
  define(
    "ms-onedrive",
    "MS OneDrive",
    storage,
    "Files and folders in OneDrive.",
    { background: "#0364B8", glyph: "1D" },
    "https://learn.microsoft.com/onedrive/developer/",
  ),
  define(
    "dropbox",
    "Dropbox",
    storage,
    "Files and folders in Dropbox.",
    { background: "#0061FF", glyph: "Db" },
    "https://www.dropbox.com/developers",
  ),
  define(
    "progress-sharefile",
    "Progress ShareFile",
    storage,
    "Secure file sharing with ShareFile.",
    { background: "#2B6CB0", glyph: "Sf" },
    "https://api.sharefile.com/",
  ),
];
