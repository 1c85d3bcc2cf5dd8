import { renderToStaticMarkup } from "react-dom/server";
import { ServerTextsProvider } from "~/components/texts";
import type { ListQuery } from "~/components/lists/list-query";
import { ItemRow, itemEditUrl, type ItemRowData } from "./ItemRow";

/** The list's rows as HTML with the request's texts, for the loader to send once (htmlOnce). */
export function itemRowsHtml(t: Parameters<typeof ServerTextsProvider>[0]["t"], rows: ItemRowData[], query: ListQuery<string>): string {
  return renderToStaticMarkup(
    <ServerTextsProvider t={t}>
      {rows.map((row) => (
        <ItemRow key={row.id} item={row} editUrl={itemEditUrl(query, row.id)} />
      ))}
    </ServerTextsProvider>,
  );
}
