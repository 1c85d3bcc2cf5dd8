import { lazy, Suspense } from "react";
import type { CopyMark, SnapshotContent } from "@domain/snapshot";
import { serverSnapshotView } from "./snapshot-view.server";

/** The view's code in a chunk of its own: domain/snapshot.ts and the copy's texts would take the page past its JavaScript budget. */
const LazySnapshotView = lazy(() => import("./DocumentSnapshotView").then((module) => ({ default: module.DocumentSnapshotView })));

/**
 * The detail page's document as its copy prints, in the same rendering as the print page and the PDF. The server
 * renders the view itself, never suspending, so the HTML holds the whole document (also for a browser without
 * JavaScript, which gets the page streamed from its shell). In the browser the view is lazy: hydration keeps the
 * server's markup until the chunk has come, which it asks for once the page is hydrated.
 */
export function DocumentSheet({ content, mark }: { content: SnapshotContent; mark: CopyMark }) {
  const View = serverSnapshotView ?? LazySnapshotView;
  return (
    <Suspense fallback={null}>
      <View content={content} mark={mark} />
    </Suspense>
  );
}
