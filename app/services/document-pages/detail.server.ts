import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type SerializeFrom } from "@remix-run/node";
import type { DocumentKind } from "@domain/document-kinds";
import { DOCUMENT_PATHS } from "@domain/documents";
import { can } from "@domain/lifecycle";
import { confirmedActionOf, lifecycleFactsOf } from "~/components/documents/lifecycle-facts";
import { requireCompanyCaller } from "../api-caller.server";
import { getOwnCompany } from "../companies.server";
import { changeDocumentStatus, deleteDocument, getDocument, issueCreditNote, issueDocument, voidDocument } from "../documents.server";
import { remixI18next } from "../i18n.server";
import { mailFormDefaults, sendMailAction } from "../mail-pages.server";
import { PaymentApiValidationError } from "../payment-api.server";
import { readFormData } from "../read-form.server";
import { redirectWithNotice } from "../session.server";
import { companyFacts, documentIdOf, screen } from "./shared.server";

/** The detail page; `?confirm=void` (or delete, creditNote) makes it the confirmation page of that action. */
export const documentDetailLoader = async ({ request, params, context }: LoaderFunctionArgs, kind: DocumentKind) => {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "detail"));
  const [document, company] = await Promise.all([getDocument(caller, documentIdOf(params.id), kind), getOwnCompany(caller)]);
  const facts = lifecycleFactsOf(document);
  const asked = confirmedActionOf(new URL(request.url).searchParams.get("confirm"));
  const mail = can(facts, "send") ? await mailFormDefaults(caller, document, company) : null;
  return { kind, document, company: companyFacts(company), mail, confirm: asked && can(facts, asked) ? asked : null };
};

/**
 * The detail page's buttons: status, issue (also before printing or a PDF),
 * and the actions that ask first — void, delete, credit note — which only
 * go ahead with `confirmed=yes` from the confirmation.
 */
export type DocumentDetailData = SerializeFrom<typeof documentDetailLoader>;

export const documentDetailAction = async ({ request, params, context }: ActionFunctionArgs, kind: DocumentKind) => {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "detail"));
  const id = documentIdOf(params.id);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const t = await remixI18next.getFixedT(request);
  const base = DOCUMENT_PATHS[kind].base;
  const here = `${base}/detail/${id}`;
  if (intent === "send") return sendMailAction(request, caller, kind, id, formData);
  const asking = confirmedActionOf(intent);
  if (asking && formData.get("confirmed") !== "yes") return redirect(`${here}?confirm=${asking}`);
  try {
    switch (intent) {
      case "status":
        await changeDocumentStatus(caller, kind, id, Number(formData.get("status")));
        return redirectWithNotice(request, here, "success", t("documents.statusChanged"));
      case "issue":
        await issueDocument(caller, kind, id);
        return redirectWithNotice(request, here, "success", t("documents.issued"));
      // Printing or downloading the customer's copy gives it to the customer: the draft is issued first.
      case "issue-print":
        await issueDocument(caller, kind, id);
        return redirect(`${base}/snapshot/${id}`);
      case "issue-pdf":
        await issueDocument(caller, kind, id);
        return redirect(`${base}/pdf/${id}`);
      case "void":
        await voidDocument(caller, kind, id);
        return redirectWithNotice(request, here, "success", t("documents.voided"));
      case "delete":
        await deleteDocument(caller, kind, id);
        return redirectWithNotice(request, DOCUMENT_PATHS[kind].list, "success", t("documents.deleted"));
      case "creditNote": {
        const note = await issueCreditNote(caller, id, String(formData.get("reason") ?? "").trim().slice(0, 200) || null);
        return redirectWithNotice(request, `${base}/detail/${note.id}`, "success", t("documents.creditNoteIssued", { number: note.number }));
      }
    }
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return redirectWithNotice(request, here, "error", error.message);
  }
  return redirect(here);
};
