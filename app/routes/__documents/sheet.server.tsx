import { renderToStaticMarkup } from "react-dom/server";
import type { CopyMark, SnapshotContent } from "@domain/snapshot";
import { ServerTextsProvider } from "~/components/texts";
import { DocumentSnapshotView } from "./DocumentSnapshotView";

/**
 * The detail page's document as its copy prints: DocumentSnapshotView, the print page's and the PDF's rendering,
 * written out here as HTML with the request's texts, its headings under the page's section. The page shows it as it
 * is, so its JavaScript carries none of the view's code (domain/snapshot.ts, the copy's texts), also after a
 * navigation in the browser; a lazy chunk would have split React into a file of its own on every page.
 */
export function sheetHtml(t: Parameters<typeof ServerTextsProvider>[0]["t"], content: SnapshotContent, mark: CopyMark): string {
  return renderToStaticMarkup(
    <ServerTextsProvider t={t}>
      <DocumentSnapshotView content={content} mark={mark} nested />
    </ServerTextsProvider>,
  );
}
