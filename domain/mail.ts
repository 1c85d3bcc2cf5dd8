import { z } from "zod";
import { emailList } from "./customer";
import { requiredText } from "./form-fields";

/** A send as the detail page's form and the Payment API receive it. */
export const mailRequestSchema = z.object({
  to: emailList.refine((addresses) => addresses.length > 0, "宛先のメールアドレスを入力してください"),
  cc: emailList,
  subject: requiredText(200),
  body: requiredText(10000),
  // The PDF attached, or a signed link to it (whose opening is tracked).
  delivery: z.enum(["attachment", "link"], { errorMap: () => ({ message: "送り方を選んでください" }) }),
});
export type MailRequestInput = z.output<typeof mailRequestSchema>;

/**
 * The line a mail opens with, following the document's honorific: a person
 * (様) by name; a company or department (御中) by its name, or, when the
 * customer names a person in charge, that person with 様 instead, since
 * 御中 and 様 are never written together.
 */
export function mailAddressee(recipient: { name: string; honorific: string; department?: string | null; personInCharge?: string | null }): string {
  if (recipient.honorific === "様") return `${recipient.name} 様`;
  const organisation = [recipient.name, recipient.department].filter(Boolean).join(" ");
  return recipient.personInCharge ? `${organisation} ${recipient.personInCharge}様` : `${organisation} 御中`;
}
