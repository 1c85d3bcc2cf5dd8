import { renderToStaticMarkup } from "react-dom/server";
import type { CopyMark, SnapshotContent } from "@domain/snapshot";
import { ServerTextsProvider } from "~/components/texts";
import { DocumentSnapshotView } from "./DocumentSnapshotView";

type Texts = Parameters<typeof ServerTextsProvider>[0]["t"];

/**
 * Sheets written, by the texts (one function per language: fixed-texts.server.ts) and what they show: the view
 * renders nothing but its content and mark, so the same copy is the same HTML. A copy viewed again (an issued
 * document's, or a draft's until it or the company changes) is not rendered again (ADR 020, "Server cost per page").
 */
const writtenSheets = new WeakMap<Texts, Map<string, string>>();
const WRITTEN_SHEETS_LIMIT = 200;

/**
 * The detail page's document as its copy prints: DocumentSnapshotView, the print page's and the PDF's rendering,
 * written out here as HTML with the request's texts, its headings under the page's section. The page shows it as it
 * is, so its JavaScript carries none of the view's code (domain/snapshot.ts, the copy's texts), also after a
 * navigation in the browser; a lazy chunk would have split React into a file of its own on every page.
 */
export function sheetHtml(t: Texts, content: SnapshotContent, mark: CopyMark): string {
  const sheets = writtenSheets.get(t) ?? new Map<string, string>();
  writtenSheets.set(t, sheets);
  const key = JSON.stringify([mark, content]);
  let html = sheets.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(
      <ServerTextsProvider t={t}>
        <DocumentSnapshotView content={content} mark={mark} nested />
      </ServerTextsProvider>,
    );
    if (sheets.size >= WRITTEN_SHEETS_LIMIT) sheets.delete(sheets.keys().next().value!);
    sheets.set(key, html);
  }
  return html;
}
