import { randomUUID } from "node:crypto";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type SerializeFrom } from "@remix-run/node";
import { COMPANY_DEFAULTS, TAX_CATEGORIES, TAX_TYPES } from "@domain/codes";
import { todayJst } from "@domain/datetime";
import { KIND_FIELDS, kindLabel, type DocumentKind } from "@domain/document-kinds";
import { documentFieldsSchema, documentInputSchema, type DocumentInput } from "@domain/document-input";
import { DOCUMENT_PATHS } from "@domain/documents";
import { dueDateBasis, proposeDueDate } from "@domain/due-date";
import { HONORIFICS } from "@domain/honorifics";
import { editModeOf, refusalOf } from "@domain/lifecycle";
import { getZodConstraint } from "@conform-to/zod";
import { computeTotals, totalsLineOf, totalsRulesOf } from "@domain/totals";
import type { SubmissionResult } from "@conform-to/react";
import { formTotalsOf, liveTotals } from "~/routes/__documents/document-form-live";
import type { DocumentFormValues } from "~/routes/__documents/document-form-values";
import { asksForFormAgain, nothingJudged, recalculationSchema } from "~/routes/__documents/form-intents";
import { lifecycleFactsOf } from "~/routes/__documents/lifecycle-facts";
import { roundingOfDocument } from "~/routes/__documents/rounding";
import type { DocumentChoices } from "~/routes/__documents/DocumentFormPage";
import type { PreviewFacts } from "~/routes/__documents/preview-content";
import { parseForm } from "~/components/forms/parse-form";
import type { TFunction } from "~/components/texts";
import type { common } from "~/locales/ja";
import titlesDocuments from "~/locales/ja/titlesDocuments.json";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { getOwnCompany, type Company } from "../__companies/companies.server";
import { getDocumentSetting, type DocumentSetting } from "../__settings/document-settings.server";
import { createDocument, getDocument, updateDocument } from "./documents.server";
import { apiErrorReply, formFieldName } from "../../services/api-form-errors.server";
import { fixedTextsFor } from "../../services/fixed-texts.server";
import { remixI18next } from "../../services/i18n.server";
import { readFormData } from "../../services/read-form.server";
import { redirectWithNotice } from "../../services/session.server";
import { choicesOf, documentIdOf, dueDateRulesOf, filledFromChosen, pageDueDateRulesOf, filledFromMasters, formValuesOfDocument, refreshDueDate, roundingOfCompany, screen, wantedByDocument, wantedByForm } from "./shared.server";

/** The form's HTML constraints (required, maxLength…), from the schema here so the browser needs no zod to render them. */
const documentConstraint = getZodConstraint(documentInputSchema);

/** The fields only some kinds' forms have: the others' constraints are left out of their pages' data. */
/** The API's own field for imported lines stays out: the form chooses a tax category. */
const FORM_FIELDS: Record<string, readonly DocumentKind[]> = { ...KIND_FIELDS, "lines[].tax_rate": [] };
const constraintOf = (kind: DocumentKind) => Object.fromEntries(Object.entries(documentConstraint).filter(([name]) => FORM_FIELDS[name]?.includes(kind) ?? true));

/** The code lists the form offers, as choices (what a select shows): the page's JavaScript then carries no code tables. */
const FORM_CODES = {
  taxTypes: TAX_TYPES.map(({ id, label }) => ({ id, label })),
  taxCategories: TAX_CATEGORIES.map(({ id, label }) => ({ id, label })),
  honorifics: HONORIFICS.map((text) => ({ id: text, label: text })),
};

const FORM_TITLES = {
  estimate: { create: titlesDocuments.estimateCreate, edit: titlesDocuments.estimateEdit },
  delivery_slip: { create: titlesDocuments.deliverySlipCreate, edit: titlesDocuments.deliverySlipEdit },
  invoice: { create: titlesDocuments.invoiceCreate, edit: titlesDocuments.invoiceEdit },
  receipt: { create: titlesDocuments.receiptCreate, edit: titlesDocuments.receiptEdit },
} as const;

type T = TFunction<Pick<typeof common, "documents">>;

/**
 * What both pages say and link to, written here so the page carries neither titles nor kinds' tables: the title (the
 * route's meta reads it), the heading, where 「キャンセル」 goes, the form's constraints and code lists.
 */
function pageOf(t: T, kind: DocumentKind, edited: { id: number; number: string } | null) {
  const name = kindLabel(kind);
  return {
    title: FORM_TITLES[kind][edited ? "edit" : "create"],
    heading: edited ? t("documents.editTitle", { kind: name, number: edited.number }) : t("documents.createTitle", { kind: name }),
    cancelTo: edited ? `${DOCUMENT_PATHS[kind].base}/detail/${edited.id}` : DOCUMENT_PATHS[kind].list,
    constraint: constraintOf(kind),
    codes: FORM_CODES,
  };
}

type Choices = Awaited<ReturnType<typeof choicesOf>>;

/** The masters' fields the form and its preview show: a hundred full records would be most of the page's data. */
function shownChoices(choices: Choices): DocumentChoices {
  return {
    customers: choices.customers.map((customer) => ({
      id: customer.id,
      name: customer.name,
      honorific: customer.honorific,
      closing_day: customer.closing_day,
      payment_month_offset: customer.payment_month_offset,
      payment_day: customer.payment_day,
      holiday_shift: customer.holiday_shift,
      department: customer.department,
      person_in_charge: customer.person_in_charge,
      postal_code: customer.postal_code,
      address1: customer.address1,
      address2: customer.address2,
    })),
    items: choices.items.map((item) => ({ id: item.id, code: item.code, name: item.name, unit: item.unit, unit_price: item.unit_price, tax_category: item.tax_category })),
    customerQuery: choices.customerQuery,
    itemQuery: choices.itemQuery,
  };
}

/** The company as the preview prints it now: its profile, its logo, its stamp when the settings print it, its accounts. */
function previewFactsOf(company: Company | null, setting: DocumentSetting, number: string | null): PreviewFacts {
  const image = (stored: { path: string } | null) => (stored ? { fileId: stored.path, sha256: "" } : null);
  return {
    number,
    issuer: company
      ? {
          name: company.company_name,
          department: company.department_name,
          picName: company.pic_name,
          postalCode: company.postal_code,
          address1: company.address1,
          address2: company.address2,
          tel: company.tel,
          fax: company.fax,
          email: company.email,
          registeredNo: company.registered_no,
        }
      : null,
    images: { logo: image(company?.logo ?? null), stamp: setting.print_stamp ? image(company?.stamp ?? null) : null },
    bankAccounts: (company?.company_bank_accounts ?? []).map((account) => ({
      id: account.id,
      bankName: account.bank_name,
      branchName: account.bank_branch_name,
      accountTypeId: account.bank_account_type_id,
      accountNo: account.bank_account_no,
      accountName: account.bank_account_name,
      displayed: account.displayed,
    })),
    settingAccountIds: setting.bank_account_ids,
  };
}

/** Receipts name the document in the path (/receipts/edit/{id}); the other kinds in the query (/{kind}/edit?id=). */
function editedIdOf(request: Request, params: LoaderFunctionArgs["params"]): number {
  return documentIdOf(params.id ?? new URL(request.url).searchParams.get("id"));
}

/**
 * The create page: defaults from the document settings and the company, or
 * the source document's values for a conversion or a duplicate.
 */
export const documentCreateLoader = async ({ request, context }: LoaderFunctionArgs, kind: DocumentKind) => {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "create"));
  const url = new URL(request.url);
  const sourceId = Number(url.searchParams.get("source"));
  const origin = url.searchParams.get("origin");
  const [setting, company, source, t] = await Promise.all([
    getDocumentSetting(caller, kind),
    getOwnCompany(caller),
    Number.isInteger(sourceId) && sourceId > 0 && sourceId <= 999_999_999 ? getDocument(caller, sourceId, null) : null,
    fixedTextsFor<T>(request),
  ]);
  // What the detail page does not offer is not opened by its address either: back to the source, saying why.
  const refusal = source && !(origin === "duplicate" && source.kind === kind) ? refusalOf(lifecycleFactsOf(source), { into: kind }) : null;
  if (source && refusal) throw await redirectWithNotice(request, `${DOCUMENT_PATHS[source.kind].base}/detail/${source.id}`, "error", refusal);
  const choices = await choicesOf(caller, wantedByDocument(source));
  const today = todayJst();
  const dueDateRules = dueDateRulesOf(kind, setting);
  const customer = source?.customer_id ? (choices.customers.find((entry) => entry.id === source.customer_id) ?? null) : null;
  const base: DocumentFormValues = source
    ? { ...formValuesOfDocument(source), issue_date: today }
    : {
        issue_date: today,
        customer_id: "",
        customer_name: "",
        customer_honorific: setting.default_honorific,
        subject: setting.default_subject ?? "",
        person_in_charge: company?.pic_name ?? "",
        notes: setting.default_notes ?? "",
        tax_type_id: String(company?.tax_id ?? COMPANY_DEFAULTS.taxId),
        withholding: "",
        valid_until: "",
        delivery_date: "",
        due_date: "",
        due_date_basis: "",
        bank_account_id: "",
        received_amount: "",
        proviso: "",
        payment_method: "",
        lines: [{ item_id: "", description: "", quantity: "1", unit: "", unit_price: "", tax_category: "standard" }],
      };
  const values: DocumentFormValues = {
    ...base,
    due_date: dueDateRules ? (proposeDueDate(today, dueDateRules, customer) ?? "") : "",
    due_date_basis: dueDateBasis(today, String(base.customer_id)),
    proviso: kind === "receipt" ? base.proviso || (setting.default_remarks ?? "") : base.proviso,
    bank_account_id: kind === "invoice" ? base.bank_account_id || String(setting.bank_account_ids[0] ?? company?.company_bank_accounts.find((account) => account.displayed)?.id ?? "") : "",
  };
  const rounding = roundingOfCompany(company);
  return {
    ...pageOf(t, kind, null),
    notice: source ? t("documents.fromSource", { number: source.number }) : null,
    kind,
    values,
    totals: liveTotals(values, rounding, kind),
    version: null,
    create: { idempotencyKey: randomUUID(), sourceDocumentId: source?.id ?? null, origin: source ? (origin ?? "from_detail") : null },
    rounding,
    correction: null,
    dueDateRules: pageDueDateRulesOf(kind, setting),
    preview: previewFactsOf(company, setting, null),
    ...shownChoices(choices),
  };
};

/** The edit page: a draft's fields, or an issued document's, saved as a correction (ADR 014). */
export const documentEditLoader = async ({ request, params, context }: LoaderFunctionArgs, kind: DocumentKind) => {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "edit"));
  const id = editedIdOf(request, params);
  const [document, company, setting, t] = await Promise.all([getDocument(caller, id, kind), getOwnCompany(caller), getDocumentSetting(caller, kind), fixedTextsFor<T>(request)]);
  const mode = editModeOf(lifecycleFactsOf(document));
  // A voided document cannot be changed: its detail page says so.
  if (mode === null) throw redirect(`${DOCUMENT_PATHS[kind].base}/detail/${id}`);
  const choices = await choicesOf(caller, wantedByDocument(document));
  const [values, rounding] = [formValuesOfDocument(document), roundingOfDocument(document)];
  return {
    ...pageOf(t, kind, document),
    notice: null,
    kind,
    values,
    totals: liveTotals(values, rounding, kind),
    version: document.version,
    create: null,
    rounding,
    correction: mode === "correct" ? t("documents.correction.notice", { revision: document.revision + 1 }) : null,
    dueDateRules: pageDueDateRulesOf(kind, setting),
    preview: previewFactsOf(company, setting, document.number),
    ...shownChoices(choices),
  };
};


/**
 * Create and edit: search the masters or recalculate (both keep everything
 * typed and work without JavaScript), or save and go to the detail page.
 */
async function documentFormAction({ request, params, context }: ActionFunctionArgs, kind: DocumentKind, editing: boolean) {
  const id = editing ? editedIdOf(request, params) : null;
  const { caller } = await requireCompanyCaller(request, context, screen(kind, id ? "edit" : "create"));
  const posted = await readFormData(request);
  const intent = posted.get("intent");
  // The masters' lists are fetched up front only for a post that shows the form again anyway; a save makes its one write
  // call and fetches them only if it is refused.
  const listed = asksForFormAgain(posted) ? await choicesOf(caller, wantedByForm(posted)) : null;
  const formData = listed ? filledFromMasters(posted, listed.customers, listed.items) : await filledFromChosen(caller, posted);
  const choicesNow = async () => shownChoices(listed ?? (await choicesOf(caller, wantedByForm(posted))));
  if (listed && (intent === "find" || intent === "recalculate") && kind === "invoice") refreshDueDate(formData, dueDateRulesOf(kind, await getDocumentSetting(caller, kind)), listed.customers);
  const roundingNow = async () => (id ? roundingOfDocument(await getDocument(caller, id, kind)) : roundingOfCompany(await getOwnCompany(caller)));
  // The form comes back with the totals of what it holds, as the browser would compute them live.
  const answer = async (result: SubmissionResult<string[]>, status: number) =>
    data({ result, totals: liveTotals(result.initialValue as Partial<DocumentFormValues> | null, await roundingNow(), kind), choices: await choicesNow() }, { status });
  if (intent === "find") return answer(parseForm(formData, nothingJudged).reply(), 200);
  if (intent === "recalculate") {
    const lines = parseForm(formData, recalculationSchema);
    if (lines.status !== "success") return answer(lines.reply(), 400);
    const rules = totalsRulesOf(await roundingNow(), lines.value.withholding, lines.value.tax_type_id);
    const totals = formTotalsOf(computeTotals(lines.value.lines.map(totalsLineOf), rules), kind);
    return data({ result: lines.reply(), totals, choices: await choicesNow() }, { status: 200 });
  }
  const submission = parseForm(formData, documentInputSchema);
  if (submission.status !== "success") return answer(submission.reply(), submission.status === "error" ? 400 : 200);
  const input: DocumentInput = submission.value;
  const t = await remixI18next.getFixedT(request);
  try {
    const saved = id
      ? await updateDocument(caller, kind, id, Number(formData.get("version")), input, String(formData.get("correction_reason") ?? "").trim().slice(0, 200) || null)
      : await createDocument(caller, kind, input, {
          idempotency_key: String(formData.get("idempotency_key") ?? ""),
          source_document_id: Number(formData.get("source_document_id")) || null,
          origin: (formData.get("origin") as string | null) || null,
        });
    return redirectWithNotice(request, `${DOCUMENT_PATHS[kind].base}/detail/${saved.id}`, "success", t("documents.saved"));
  } catch (error) {
    // Where the document came from has no field on the form: its refusal is said at the top.
    const refused = apiErrorReply(submission, error, formFieldName, (field) => field.startsWith("lines[") || field in documentFieldsSchema.shape);
    return answer(refused.result, refused.status);
  }
}

export const documentCreateAction = (args: ActionFunctionArgs, kind: DocumentKind) => documentFormAction(args, kind, false);
export const documentEditAction = (args: ActionFunctionArgs, kind: DocumentKind) => documentFormAction(args, kind, true);

export type DocumentFormLoaderData = SerializeFrom<typeof documentCreateLoader> | SerializeFrom<typeof documentEditLoader>;
export type DocumentFormActionData = SerializeFrom<typeof documentCreateAction>;

