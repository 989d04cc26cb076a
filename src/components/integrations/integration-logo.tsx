// A catalogue entry's mark: the brand's SVG file when it has one (public/logos, loaded as an image so
// no artwork weighs on the JS), else a tile drawn here from its brand colour and glyph.

import { cn } from "~/lib/cn.ts";
import type { LogoSpec } from "~/lib/integrations/catalogue-entry.ts";

const fontSizeFor = (glyph: string) =>
  glyph.length <= 1 ? 22 : glyph.length === 2 ? 17 : glyph.length === 3 ? 13 : 11;

export function IntegrationLogo({
  logo,
  name,
  className,
}: {
  logo: LogoSpec;
  name: string;
  className?: string;
}) {
  if (logo.src) {
    return (
      <img
        src={logo.src}
        alt={`${name} logo`}
        width={40}
        height={40}
        loading="lazy"
        decoding="async"
        className={cn("size-10 shrink-0", className)}
      />
    );
  }
  return (
    <svg
      viewBox="0 0 40 40"
      role="img"
      aria-label={`${name} logo`}
      className={cn("size-10 shrink-0", className)}
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width="40" height="40" rx="9" fill={logo.background} />
      <text
        x="20"
        y="20"
        dominantBaseline="central"
        textAnchor="middle"
        fill={logo.foreground ?? "#FFFFFF"}
        fontFamily="ui-sans-serif, system-ui, sans-serif"
        fontWeight="700"
        fontSize={fontSizeFor(logo.glyph)}
      >
        {logo.glyph}
      </text>
    </svg>
  );
}
