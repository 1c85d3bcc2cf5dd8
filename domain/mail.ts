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
