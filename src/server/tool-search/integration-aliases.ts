// Well-known other names of the products Portico connects: abbreviations and jargon people use for a
// product instead of its name ("SFDC", "gdrive", "O365"), and the provider objects that name a product
// unmistakably (a Jira issue key, a Salesforce record id). A product is found in a tool by its name in
// the tool's server name or tool name (`product`, lower case, spaces as in the server name).
// An alias in capitals matches only in capitals ("SF", "SP" and "PD" are words in lower case).

export interface ProductAlias {
  /** How the product shows in a server name or a tool name, lower case. */
  product: string;
  aliases: readonly string[];
  /** Patterns of the query's original text (case as typed) that name the product. */
  objects?: readonly RegExp[];
}

export const PRODUCT_ALIASES: readonly ProductAlias[] = [
  { product: "gmail", aliases: ["gmail", "google mail"] },
  { product: "google calendar", aliases: ["gcal", "gmeet", "google meet", "google cal", "google kalendar"] },
  {
    product: "google drive",
    aliases: ["gdrive", "gdocs", "gdoc", "google docs", "google disk", "gsheets", "drive"],
  },
  {
    product: "jira",
    aliases: ["jql"],
    objects: [/\b[A-Z][A-Z0-9]{1,9}-\d+\b/, /\b[A-Z]{2,10} project\b/],
  },
  { product: "confluence", aliases: ["cql", "wiki"] },
  { product: "sharepoint", aliases: ["SPO", "SP", "sharepoint online"] },
  { product: "outlook", aliases: ["exchange", "hotmail"] },
  // Microsoft 365 is Outlook and SharePoint alike.
  { product: "outlook", aliases: ["o365", "office 365", "microsoft 365", "m365", "ms365"] },
  { product: "sharepoint", aliases: ["o365", "office 365", "microsoft 365", "m365", "ms365"] },
  { product: "hubspot", aliases: ["HS"] },
  {
    product: "salesforce",
    aliases: ["sfdc", "SF", "soql", "sosl"],
    // A record id: 15 or 18 characters, starting with a key prefix such as 001 (Account) or 006.
    objects: [/\b0[0-9a-zA-Z]{2}(?=[0-9a-zA-Z]*\d[0-9a-zA-Z]*[A-Za-z])[0-9a-zA-Z]{12}(?:[0-9a-zA-Z]{3})?\b/],
  },
  { product: "pipedrive", aliases: ["PD"] },
  { product: "surveymonkey", aliases: ["survey monkey", "SM"] },
  { product: "brevo", aliases: ["sendinblue"] },
  {
    product: "monday",
    aliases: ["monday.com", "mondaycom"],
    // "monday" is a weekday first: it names the product beside a word of the product (board, item…)
    // or after "in"/"v" without a time.
    objects: [
      /\bmonday(?:\.com)?\s+(?:board|item|task|pulse|group|subitem|update|workspace|column)/i,
      /\b(?:in|v|from|na|do|z)\s+(?:the\s+)?monday\b(?!\s*(?:\d|at\b|morning|afternoon|evening|night))/i,
    ],
  },
];
