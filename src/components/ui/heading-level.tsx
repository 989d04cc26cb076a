// Heading levels that follow the page's outline instead of being fixed per component: a card's title is
// an h2 on a page under its h1, an h3 inside a section that has its own h2 or inside a dialog (whose
// title is the h2), and what sits in a card's content is one level below the card's title. Fixed <h3>s
// skipped h2 on most pages, which screen-reader users navigating by heading level trip over.
import { createContext, type ReactNode, useContext } from "react";

const Level = createContext(2);

export type HeadingTag = "h2" | "h3" | "h4" | "h5" | "h6";

/** The tag for a heading at the current level (h2 unless something around says otherwise). */
export function useHeadingTag(): HeadingTag {
  return `h${Math.min(useContext(Level), 6)}` as HeadingTag;
}

/** Headings inside are one level below the current one (or at `level`). */
export function HeadingLevel({ level, children }: { level?: number; children: ReactNode }) {
  const current = useContext(Level);
  return <Level.Provider value={level ?? current + 1}>{children}</Level.Provider>;
}
