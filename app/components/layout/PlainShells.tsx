import type { ReactNode } from "react";
import { PageNotice } from "~/components/notice/NoticeArea";
import { SignOutButton, SkipLink, TopBar } from "./TopBar";

/** Plain layout: the product's top bar, no navigation (sign-in; error pages of visitors and bank staff). */
export function PlainShell({ children, signedIn = false }: { children: ReactNode; signedIn?: boolean }) {
  return (
    <div className="shell shell--plain" data-layout="plain">
      <SkipLink />
      <TopBar end={signedIn ? <SignOutButton /> : undefined} />
      <main id="main" className="shell__main shell__main--narrow">
        <PageNotice />
        {children}
      </main>
    </div>
  );
}

/** Empty layout: the page alone (terms, a shared PDF). */
export function EmptyShell({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="shell shell--empty" data-layout="empty">
      <PageNotice />
      {children}
    </main>
  );
}

/** Snapshot-empty layout: one A4 sheet, no chrome, printable as it is. */
export function SnapshotShell({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="shell shell--snapshot" data-layout="snapshot-empty">
      <PageNotice />
      <article className="a4-sheet">{children}</article>
    </main>
  );
}
