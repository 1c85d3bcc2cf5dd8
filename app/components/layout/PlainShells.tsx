import type { ReactNode } from "react";
import { SkipLink, TopBar } from "./TopBar";

/** Plain layout: the product's top bar, no navigation (sign-in, errors for visitors). */
export function PlainShell({ children }: { children: ReactNode }) {
  return (
    <div className="shell shell--plain" data-layout="plain">
      <SkipLink />
      <TopBar />
      <main id="main" className="shell__main shell__main--narrow">
        {children}
      </main>
    </div>
  );
}

/** Empty layout: the page alone (terms, a shared PDF). */
export function EmptyShell({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="shell shell--empty" data-layout="empty">
      {children}
    </main>
  );
}

/** Snapshot-empty layout: one A4 sheet, no chrome, printable as it is. */
export function SnapshotShell({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="shell shell--snapshot" data-layout="snapshot-empty">
      <article className="a4-sheet">{children}</article>
    </main>
  );
}
