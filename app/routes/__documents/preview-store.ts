import type { DocumentKind } from "@domain/document-kinds";
import type { FormTotals } from "./document-form-live";
import type { DocumentFormValues } from "./document-form-values";
import type { PreviewCustomer, PreviewFacts } from "./preview-content";

/** Everything the preview draws from; the form sets it as it changes. */
export type PreviewState = { kind: DocumentKind; values: Partial<DocumentFormValues>; totals: FormTotals | null; facts: PreviewFacts; customers: PreviewCustomer[] };

/**
 * The form's state for the preview, outside React's props: the preview's boundary keeps the server's HTML until its
 * code comes (on first use), and a prop changing under it before then would make React throw that HTML away. The
 * preview reads the first state while it hydrates (so it matches the server's HTML) and the latest after.
 */
export function createPreviewStore(initial: PreviewState) {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    initial: () => initial,
    current: () => state,
    set(next: PreviewState) {
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export type PreviewStore = ReturnType<typeof createPreviewStore>;

let wanted: () => void = () => {};
/** Resolves when the page first needs the preview's code: the form's first use, or a form not drawn by the server. */
export const previewWanted = new Promise<void>((resolve) => {
  wanted = resolve;
});
export const wantPreview = () => wanted();
