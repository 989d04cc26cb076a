// Writes public/logos/<integration id>.svg: each integration's brand mark, taken from maintained CC0
// icon packages (devDependencies, never shipped in the JS), centred on a light rounded tile. The files
// are committed; run `npm run logos` after upgrading either package or changing the list below.
// Integrations neither package draws (Microsoft's Outlook and SharePoint, Pipedrive's icon, Attio,
// Raynet, Alveno, Caflou) keep their letter tile (LogoSpec without `src`).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(import.meta.url);

/** Simple Icons (CC0-1.0): one-colour marks on a 24×24 grid, with the brand's colour. */
const simpleIcons: Record<string, string> = {
  gmail: "gmail",
  "google-calendar": "googlecalendar",
  "google-drive": "googledrive",
  hubspot: "hubspot",
  jira: "jira",
  confluence: "confluence",
  brevo: "brevo",
  surveymonkey: "surveymonkey",
};

/** Gil Barbara's SVG Logos through Iconify (CC0-1.0): full-colour marks. */
const svgLogos: Record<string, { icon: string; title: string }> = {
  salesforce: { icon: "salesforce", title: "Salesforce" },
  monday: { icon: "monday-icon", title: "monday.com" },
  exa: { icon: "exa-icon", title: "Exa" },
};

const TILE = 40;
const MARK = 26;

function tile(title: string, source: string, viewBox: string, body: string) {
  const offset = (TILE - MARK) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${TILE} ${TILE}" role="img"><title>${title}</title><!-- ${source}; the mark is a trademark of its owner --><rect width="${TILE}" height="${TILE}" rx="9" fill="#fff"/><rect x=".5" y=".5" width="${TILE - 1}" height="${TILE - 1}" rx="8.5" fill="none" stroke="#000" stroke-opacity=".1"/><svg x="${offset}" y="${offset}" width="${MARK}" height="${MARK}" viewBox="${viewBox}">${body}</svg></svg>\n`;
}

const root = join(import.meta.dirname, "..");
const out = join(root, "public", "logos");
mkdirSync(out, { recursive: true });
const packageVersion = (name: string) =>
  (JSON.parse(readFileSync(join(root, "node_modules", name, "package.json"), "utf8")) as { version: string })
    .version;

const simple = Object.values(require("simple-icons") as Record<string, SimpleIcon>);
interface SimpleIcon {
  title: string;
  slug: string;
  hex: string;
  path: string;
}
for (const [id, slug] of Object.entries(simpleIcons)) {
  const icon = simple.find((each) => each.slug === slug);
  if (!icon) throw new Error(`simple-icons: no ${slug}`);
  const body = `<path fill="#${icon.hex}" d="${icon.path}"/>`;
  const source = `Simple Icons ${packageVersion("simple-icons")}, CC0-1.0`;
  writeFileSync(join(out, `${id}.svg`), tile(icon.title, source, "0 0 24 24", body));
}

const logos = JSON.parse(
  readFileSync(join(root, "node_modules", "@iconify-json", "logos", "icons.json"), "utf8"),
) as {
  width: number;
  height: number;
  icons: Record<string, { body: string; width?: number; height?: number }>;
};
for (const [id, { icon: name, title }] of Object.entries(svgLogos)) {
  const icon = logos.icons[name];
  if (!icon) throw new Error(`@iconify-json/logos: no ${name}`);
  const width = icon.width ?? logos.width;
  const height = icon.height ?? logos.height;
  // A square viewBox around the mark keeps its proportions inside the square tile.
  const side = Math.max(width, height);
  const viewBox = `${(width - side) / 2} ${(height - side) / 2} ${side} ${side}`;
  const source = `SVG Logos via @iconify-json/logos ${packageVersion("@iconify-json/logos")}, CC0-1.0`;
  writeFileSync(join(out, `${id}.svg`), tile(title, source, viewBox, icon.body));
}
console.log(`Wrote ${Object.keys(simpleIcons).length + Object.keys(svgLogos).length} logos to ${out}`);
