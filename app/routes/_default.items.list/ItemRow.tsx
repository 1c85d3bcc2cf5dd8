import { useTexts } from "~/components/texts";
import itemTexts from "~/locales/ja/item.json";
import { listUrl, type ListQuery } from "~/components/lists/list-query";

export const ITEMS_PATH = "/items/list";

/** Where a row's edit link goes: the list as it is, with the row being edited. */
export function itemEditUrl(query: ListQuery<string>, id: number): string {
  return listUrl(ITEMS_PATH, query, { page: query.page }, { edit: String(id) });
}

/** A row as the list shows it: the price, tax category and time as text (items-list.server.ts). */
export type ItemRowData = { id: number; code: string; name: string; unit: string; unitPrice: string; taxCategory: string; updatedAt: string };

/**
 * A row of the list. Its edit link is a plain link: the rows of a list without a row being edited are sent as HTML
 * once (items-list.server.ts), and the table follows its links in the page (useFollowLinks, server-html.tsx).
 */
export function ItemRow({ item, editUrl }: { item: ItemRowData; editUrl: string }) {
  const { t } = useTexts({ item: itemTexts });
  return (
    <tr>
      <td className="table__nowrap">{item.code}</td>
      <td>{item.name}</td>
      <td data-label={t("item.fields.unit")}>{item.unit}</td>
      <td className="table__number" data-label={t("item.fields.unit_price")}>
        {t("item.yen", { amount: item.unitPrice })}
      </td>
      <td data-label={t("item.fields.tax_category")}>{item.taxCategory}</td>
      <td className="table__nowrap" data-label={t("item.fields.updated_at")}>
        {item.updatedAt}
      </td>
      <td>
        <a href={editUrl} aria-label={t("item.editNamed", { name: item.name })} data-discover="true">
          {t("item.edit")}
        </a>
      </td>
    </tr>
  );
}
