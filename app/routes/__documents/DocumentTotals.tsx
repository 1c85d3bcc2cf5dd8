import { useTexts } from "~/components/texts";
import documentsTexts from "~/locales/ja/documents.json";
import type { ShownTotals, TotalsRow } from "@domain/snapshot";
import { totalsTableRows } from "./totals-table";

/**
 * The totals table (totals-table.ts says what it holds). The caller gives the per-rate rows (`totalsRows`): the
 * form has them from its loader or its live module, so it does not load domain/snapshot.ts and the tax tables behind it.
 * `marked` names the table and its total for tests; the editor's preview repeats the form's totals and leaves it off.
 */
export function DocumentTotals({ totals, rows, internal, marked = true }: { totals: ShownTotals; rows: TotalsRow[]; internal: boolean; marked?: boolean }) {
  const { t } = useTexts({ documents: documentsTexts });
  return (
    <table className="table document-totals" data-testid={marked ? "document-totals" : undefined}>
      <caption>{t("documents.totals.caption")}</caption>
      <tbody>
        {totalsTableRows(totals, rows, internal, t).map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td className="table__number" data-testid={marked && row.key === "total" ? "total" : undefined}>
              {row.value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
