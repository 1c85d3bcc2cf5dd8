import { Form, Link } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import csvTexts from "~/locales/ja/csv.json";
import { CSV_ID_HEADER } from "@domain/master-csv-columns";
import { FormErrors } from "~/components/forms/field-frame";
import { EncodingSelect } from "../../components/csv/EncodingSelect";
import type { LineProblem } from "~/services/payment-api.server";

export type CsvImportResult = { message: string; problems: LineProblem[] };

/**
 * Export and import of one master list. Both are plain forms: the export a
 * GET that downloads (reloadDocument, since a file is not a page), the import
 * a multipart post whose problems come back on this page, line by line.
 */
export function MasterCsvPage({
  title,
  resource,
  listPath,
  columns,
  result,
}: {
  title: string;
  resource: "customers" | "items";
  listPath: string;
  columns: string[];
  result: CsvImportResult | undefined;
}) {
  const { t } = useTexts({ csv: csvTexts });
  return (
    <>
      <h1>{title}</h1>
      <p>
        <Link to={listPath} prefetch="none">
          {t("csv.back")}
        </Link>
      </p>
      <section className="card" aria-labelledby="csv-export-heading">
        <h2 id="csv-export-heading">{t("csv.exportHeading")}</h2>
        <Form method="get" action={`/${resource}/csv/download`} reloadDocument>
          <div className="field">
            <EncodingSelect id="csv-encoding" />
          </div>
          <button type="submit" className="button">
            {t("csv.export")}
          </button>
        </Form>
      </section>
      <section className="card" aria-labelledby="csv-import-heading">
        <h2 id="csv-import-heading">{t("csv.importHeading")}</h2>
        <p>{t("csv.importRules")}</p>
        <p className="field__hint">{t("csv.columns", { columns: [CSV_ID_HEADER, ...columns].join("、") })}</p>
        <Form method="post" encType="multipart/form-data">
          {result ? <FormErrors id="csv-import-errors" errors={[result.message]} /> : null}
          {result && result.problems.length > 0 ? (
            <table className="table" data-testid="csv-problems">
              <caption>{t("csv.problemsCaption", { count: result.problems.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("csv.line")}</th>
                  <th scope="col">{t("csv.column")}</th>
                  <th scope="col">{t("csv.problem")}</th>
                </tr>
              </thead>
              <tbody>
                {result.problems.map((problem, index) => (
                  <tr key={index}>
                    <td>{t("csv.lineN", { line: problem.line })}</td>
                    <td>{problem.column ?? ""}</td>
                    <td>{problem.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <div className="field">
            <label htmlFor="csv-file">{t("csv.file")}</label>
            <input id="csv-file" type="file" name="file" accept=".csv,text/csv" required />
          </div>
          <button type="submit" className="button">
            {t("csv.import")}
          </button>
        </Form>
      </section>
    </>
  );
}
