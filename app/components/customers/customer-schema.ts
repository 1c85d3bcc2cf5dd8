import { z } from "zod";
import { customerInputSchema } from "@domain/customer";

/** The customer form: the customer's rules plus the version an edit started from. */
export const customerFormSchema = customerInputSchema.extend({ version: z.coerce.number().int().optional() });
export type CustomerFormInput = z.input<typeof customerFormSchema>;
