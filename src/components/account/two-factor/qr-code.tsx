// A QR code drawn as SVG. The encoder (uqr, pure JS) is imported when the code is first shown, so it
// is a chunk of its own that only the two-factor setup loads, never the landing page's budget.
import { useEffect, useState } from "react";
import { Skeleton } from "~/components/ui/skeleton.tsx";

/** The quiet zone scanners need around the code, in modules (ISO/IEC 18004 asks for 4). */
const QUIET_ZONE = 4;

function pathOf(modules: boolean[][]): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
    });
  });
  return parts.join("");
}

export function QrCode({ text, label }: { text: string; label: string }) {
  const [modules, setModules] = useState<boolean[][] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    import("uqr")
      .then(({ encode }) => {
        if (current) setModules(encode(text, { ecc: "M", border: 0 }).data);
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [text]);

  if (failed) {
    return (
      <p className="flex size-48 items-center p-2 text-center text-sm text-muted-foreground">
        The QR code could not be drawn. Type the key below into your app instead.
      </p>
    );
  }
  if (!modules) return <Skeleton className="size-48 rounded-md" />;
  const size = modules.length + QUIET_ZONE * 2;
  return (
    // White behind the code in both themes: scanners expect dark modules on a light ground.
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className="size-48 rounded-md border bg-white"
      data-testid="totp-qr-code"
    >
      <path d={pathOf(modules)} fill="#000" />
    </svg>
  );
}
