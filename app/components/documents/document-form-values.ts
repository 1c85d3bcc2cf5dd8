import type { z } from "zod";
import type { documentInputSchema } from "@domain/document-input";

/** The document form's values as text, as the page shows and posts them. */
export type DocumentFormValues = Required<Omit<z.input<typeof documentInputSchema>, "save_customer" | "lines">> & {
  lines: Array<Required<z.input<typeof documentInputSchema>["lines"][number]>>;
  /** Unticked unless the user ticks it: never loaded from a saved document. */
  save_customer?: string;
};
