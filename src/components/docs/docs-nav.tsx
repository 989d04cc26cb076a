import { Link } from "@tanstack/react-router";
import {
  type ClientReference,
  clientCategories,
  clientInfo,
  clientReferences,
} from "~/lib/client-setup/references.ts";

/** The 13 client guides grouped by kind; `hrefFor` lets the app point them at its own docs pages. */
export function DocsNav({
  current,
  hrefFor,
}: {
  current?: ClientReference;
  hrefFor: (reference: ClientReference) => { to: string; search?: Record<string, string> };
}) {
  return (
    <nav aria-label="Client guides" className="flex flex-col gap-5 text-sm">
      {clientCategories.map((category) => (
        <div key={category}>
          <h2 className="px-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {category}
          </h2>
          <ul className="mt-2 flex flex-col">
            {clientReferences
              .filter((reference) => clientInfo[reference].category === category)
              .map((reference) => {
                const target = hrefFor(reference);
                return (
                  <li key={reference}>
                    <Link
                      to={target.to}
                      search={target.search}
                      aria-current={reference === current ? "page" : undefined}
                      className="block rounded-md px-2 py-1.5 text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-[current=page]:bg-accent aria-[current=page]:font-medium aria-[current=page]:text-foreground"
                    >
                      {clientInfo[reference].name}
                    </Link>
                  </li>
                );
              })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
