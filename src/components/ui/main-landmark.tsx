// One main landmark per page: layouts open <main>, and a view that also renders on its own (the error
// and 404 pages, shown inside a layout or at the root when the layout itself failed) opens one only
// when no layout has. Nested <main>s confused screen readers' "skip to main" and landmark lists.
import { createContext, type ReactNode, useContext } from "react";

const InsideMain = createContext(false);

/** A layout's <main>: what renders inside knows a main landmark is already open. */
export function MainLandmark(props: { id?: string; className?: string; children: ReactNode }) {
  return (
    <main id={props.id} className={props.className}>
      <InsideMain.Provider value={true}>{props.children}</InsideMain.Provider>
    </main>
  );
}

/** <main> when nothing around has opened one, else a plain <div>. */
export function PageLandmark(props: { className?: string; children: ReactNode }) {
  const Tag = useContext(InsideMain) ? "div" : "main";
  return <Tag className={props.className}>{props.children}</Tag>;
}
