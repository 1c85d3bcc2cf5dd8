import { z } from "zod";
import { optionalText, requiredText, resolveTaxCategory, taxCategoryFields } from "./form-fields";
import { parseDecimalInput } from "./decimal";
import { toHalfWidth } from "./normalize";
import { VALIDATION_MESSAGES } from "./validation-messages";

export const UNIT_PRICE_MESSAGE = "単価は整数10桁・小数4桁までの数値で入力してください";

/** An item's fields before its legacy `tax_rate` is read as a category: forms extend this. */
export const itemFieldsSchema = z.object({
  // Codes are typed in either width; half width is what sorts and matches.
  code: optionalText(30).transform((code) => (code ? toHalfWidth(code) : null)),
  name: requiredText(100),
  unit: optionalText(10),
  unit_price: z
    .union([z.string(), z.number()], { required_error: VALIDATION_MESSAGES.required })
    .transform((value, ctx) => {
      const text = String(value).trim();
      if (text === "") {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION_MESSAGES.required });
        return z.NEVER;
      }
      const price = parseDecimalInput(text);
      if (price === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: UNIT_PRICE_MESSAGE });
        return z.NEVER;
      }
      return price;
    }),
  ...taxCategoryFields,
});

/** An item (品目) as a form, a CSV row or the Payment API receives it. */
export const itemInputSchema = itemFieldsSchema.transform(resolveTaxCategory);

export type ItemInput = z.output<typeof itemInputSchema>;
