import { z } from "zod";
import { emailList } from "./customer";
import { requiredText } from "./form-fields";

/** How the document travels: the PDF attached, or a signed link to it (whose opening is tracked). */
export const MAIL_DELIVERIES = [
  { id: "attachment", key: "attachment", label: "PDFを添付する" },
  { id: "link", key: "link", label: "閲覧用のリンクを送る（開封がわかります）" },
] as const;

/** A send as the detail page's form and the Payment API receive it. */
export const mailRequestSchema = z.object({
  to: emailList.refine((addresses) => addresses.length > 0, "宛先のメールアドレスを入力してください"),
  cc: emailList,
  subject: requiredText(200),
  body: requiredText(10000),
  delivery: z.enum(["attachment", "link"], { errorMap: () => ({ message: "送り方を選んでください" }) }),
});
export type MailRequestInput = z.output<typeof mailRequestSchema>;
