import { Link, useLoaderData } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import approvalSettingsTexts from "~/locales/ja/approvalSettings.json";
import { approvalAudit as approvalAuditTitle } from "~/locales/ja/titlesPages.json";
import { titleMeta } from "~/meta";
import { SubjectLink } from "~/routes/__approvals/SubjectLink";
import { approvalAuditLoader } from "~/routes/_default.settings.approvals_.audit/approval-audit.server";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "settings-approvals-audit", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(approvalAuditTitle);

export const loader = approvalAuditLoader;

export default function ApprovalAuditPage() {
  const { t } = useTexts({ approvals: approvalSettingsTexts });
  const { rows, position, newer, older } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{approvalAuditTitle}</h1>
      <p>{t("approvals.auditLead")}</p>
      <p>
        <Link to="/settings/approvals" prefetch="none">
          {t("approvals.backToSettings")}
        </Link>
      </p>
      {rows.length === 0 ? (
        <p>{t("approvals.noAudit")}</p>
      ) : (
        <div className="table-scroll">
          <table className="table table--list" data-testid="approval-audit">
            <thead>
              <tr>
                <th scope="col">{t("approvals.auditColumns.at")}</th>
                <th scope="col">{t("approvals.auditColumns.document")}</th>
                <th scope="col">{t("approvals.auditColumns.event")}</th>
                <th scope="col">{t("approvals.auditColumns.step")}</th>
                <th scope="col">{t("approvals.auditColumns.actor")}</th>
                <th scope="col">{t("approvals.auditColumns.comment")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td className="table__nowrap">{row.at}</td>
                  <td className="table__nowrap">
                    <SubjectLink name={row.document.text} href={row.document.href} />
                  </td>
                  <td className="table__nowrap">{row.event}</td>
                  <td className="table__nowrap">{row.step}</td>
                  <td className="table__nowrap">{row.actor}</td>
                  <td>{row.comment}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="document-actions" aria-label={position}>
        <span>{position}</span>{" "}
        {newer ? (
          <Link to={newer} prefetch="none">
            {t("approvals.newer")}
          </Link>
        ) : null}{" "}
        {older ? (
          <Link to={older} prefetch="none">
            {t("approvals.older")}
          </Link>
        ) : null}
      </nav>
    </>
  );
}
