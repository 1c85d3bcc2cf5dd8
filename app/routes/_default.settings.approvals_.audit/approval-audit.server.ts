import type { LoaderFunctionArgs } from "@remix-run/node";
import { formatDateTimeJst } from "@domain/datetime";
import { DOCUMENT_KINDS, DOCUMENT_PATHS } from "@domain/document-kinds";
import type { TFunction } from "~/components/texts";
import type { common } from "~/locales/ja";
import { approvalAuditPage } from "../__approvals/approvals.server";
import { requireOwnerCaller } from "../../services/api-caller.server";
import { fixedTextsFor } from "../../services/fixed-texts.server";

type T = TFunction<Pick<typeof common, "approvals" | "documents">>;

/** The company's approval audit (decision 049), 50 events a page, newest first, written out by the loader. */
export async function approvalAuditLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireOwnerCaller(request, context, "settings-approvals-audit");
  const asked = Number(new URL(request.url).searchParams.get("page"));
  const page = Number.isInteger(asked) && asked > 0 && asked < 100_000 ? asked : 1;
  const [audit, t] = await Promise.all([approvalAuditPage(caller, page), fixedTextsFor<T>(request)]);
  const kindLabel = (kind: string) => DOCUMENT_KINDS.find((entry) => entry.id === kind)?.label ?? "";
  return {
    rows: audit.items.map((event) => ({
      id: event.id,
      at: formatDateTimeJst(event.at),
      document: event.document
        ? { text: `${kindLabel(event.document.kind)} ${event.document.number}`, href: `${DOCUMENT_PATHS[event.document.kind].base}/detail/${event.document.id}` }
        : event.schedule_id !== null
          ? { text: t("approvals.schedule", { customer: `#${event.schedule_id}` }), href: `/billing/recurring/${event.schedule_id}` }
          : { text: t("approvals.deletedDocument"), href: null },
      event: t(`documents.events.${event.event}`),
      step: event.step === null ? "" : t("approvals.stepNumber", { step: event.step }),
      actor: event.actor_name ?? event.actor,
      comment: event.comment ?? "",
    })),
    position: t("approvals.auditPage", { page, total: audit.total }),
    newer: page > 1 ? `?page=${page - 1}` : null,
    older: page * audit.per_page < audit.total ? `?page=${page + 1}` : null,
  };
}
