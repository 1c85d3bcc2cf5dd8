import type { z } from "zod";
import type { documentInputSchema } from "@domain/document-input";

/** The document form's values as text, as the page shows and posts them. */
export type DocumentFormValues = Required<Omit<z.input<typeof documentInputSchema>, "save_customer" | "lines">> & {
  /** The form sends a line's `tax_category`; `tax_rate` is only for API callers from before categories. */
  lines: Array<Required<Omit<z.input<typeof documentInputSchema>["lines"][number], "tax_rate">>>;
  /** Unticked unless the user ticks it: never loaded from a saved document. */
  save_customer?: string;
  /** Only on an issued document's edit: why it is corrected. */
  correction_reason?: string;
  /** The issue date and customer the due date was proposed from (domain/due-date dueDateBasis); never sent to the API. */
  due_date_basis?: string;
};
