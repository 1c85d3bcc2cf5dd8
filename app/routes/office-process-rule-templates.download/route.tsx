import type { LoaderFunctionArgs } from "@remix-run/node";
import { attachmentDisposition } from "@domain/attachment";
import { OFFICE_PROCESS_RULE_LABELS } from "@domain/office-process-rules";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { ruleDocumentToDocx } from "~/services/docx.server";
import { getOfficeProcessRule, ruleDocumentOf } from "~/routes/__office-process-rules/office-process-rules.server";

/** The filled rules as a Word file, for a company that keeps its rules in Word or edits them further. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "office-process-rule-templates-download");
  const rule = await getOfficeProcessRule(caller);
  const fileName = `事務処理規程_${OFFICE_PROCESS_RULE_LABELS[rule.kind]}.docx`;
  return new Response(Buffer.from(ruleDocumentToDocx(ruleDocumentOf(rule))), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      "Content-Disposition": attachmentDisposition("office-process-rules.docx", fileName),
      // The file holds the company's names and changes with every save.
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
