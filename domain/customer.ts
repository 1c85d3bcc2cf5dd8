import { z } from "zod";
import { normalized, optionalText, peppolId, registrationNumber, requiredText } from "./form-fields";
import { DEFAULT_HOLIDAY_SHIFT, HOLIDAY_SHIFTS, type HolidayShift } from "./due-date";
import { normalizePhoneNumber, normalizePostalCode, toKatakana } from "./normalize";
import { HONORIFICS } from "./honorifics";
import { VALIDATION_MESSAGES } from "./validation-messages";


/** A day of the month, or 99 for its end (月末). */
const MONTH_END = 99;
const dayOfMonth = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return null;
    const day = Number(value);
    if (!Number.isInteger(day) || !((day >= 1 && day <= 28) || day === MONTH_END)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "1〜28日または月末を選んでください" });
      return z.NEVER;
    }
    return day;
  });

const isEmail = (address: string) => z.string().email().max(254).safeParse(address).success;

/**
 * Several sending addresses, as a list or as text separated by commas, spaces
 * or lines. A wrong one is named in the field's own message, since the form
 * has one box for them all.
 */
export const emailList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value, ctx) => {
    const addresses = (Array.isArray(value) ? value : (value ?? "").split(/[\s,、，;]+/)).map((address) => address.trim()).filter(Boolean);
    const wrong = addresses.filter((address) => !isEmail(address));
    if (wrong.length > 0) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${VALIDATION_MESSAGES.email}（${wrong.join("、")}）` });
    if (addresses.length > 10) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "送付先のメールアドレスは10件まで登録できます" });
    return addresses;
  });

/** A customer (取引先) as a form or the Payment API receives it. */
export const customerInputSchema = z.object({
  name: requiredText(100),
  // Stored as full-width katakana, so sorting by kana agrees with searching by it.
  name_kana: optionalText(100).transform((kana) => (kana === null ? null : toKatakana(kana))),
  honorific: z.enum(HONORIFICS).optional().default("御中"),
  department: optionalText(100),
  person_in_charge: optionalText(50),
  postal_code: normalized(normalizePostalCode, "郵便番号は7桁の数字で入力してください"),
  address1: optionalText(100),
  address2: optionalText(100),
  tel: normalized(normalizePhoneNumber, "電話番号の形式が正しくありません"),
  emails: emailList,
  registered_no: registrationNumber,
  peppol_id: peppolId,
  closing_day: dayOfMonth,
  payment_month_offset: z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return null;
      const offset = Number(value);
      if (![0, 1, 2].includes(offset)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION_MESSAGES.invalidFormat });
        return z.NEVER;
      }
      return offset;
    }),
  payment_day: dayOfMonth,
  holiday_shift: z
    .string()
    .optional()
    .transform((value, ctx): HolidayShift => {
      if (value === undefined || value === "") return DEFAULT_HOLIDAY_SHIFT;
      const shift = HOLIDAY_SHIFTS.find((entry) => entry.id === value);
      if (!shift) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION_MESSAGES.invalidFormat });
        return z.NEVER;
      }
      return shift.id;
    }),
  notes: optionalText(1000),
});

export type CustomerInput = z.output<typeof customerInputSchema>;
