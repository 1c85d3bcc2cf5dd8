import type { DocumentKind } from "@domain/document-kinds";
import { factsOfRecord, type LifecycleFacts } from "@domain/lifecycle";

/** The lifecycle's facts from a document as the Payment API answers it, for the pages to ask domain/lifecycle.ts. */
export function lifecycleFactsOf(document: {
  kind: DocumentKind;
  status: number;
  issued_at: string | null;
  voided_at: string | null;
  sent: boolean;
  derived: unknown[];
  credit_notes: unknown[];
  credit_note_of: object | null;
  paid: boolean;
}): LifecycleFacts {
  return factsOfRecord(
    { kind: document.kind, status: document.status, issuedAt: document.issued_at, voidedAt: document.voided_at, creditNoteOf: document.credit_note_of },
    { sent: document.sent, converted: document.derived.length > 0 || document.credit_notes.length > 0, paid: document.paid },
  );
}

/** The actions that ask first (DESIGN.md: a confirm page without JavaScript, a dialog with it), in the order the detail page shows them. */
export const CONFIRMED_ACTIONS = ["creditNote", "void", "delete"] as const;
export type ConfirmedAction = (typeof CONFIRMED_ACTIONS)[number];

export const confirmedActionOf = (value: unknown): ConfirmedAction | null => ((CONFIRMED_ACTIONS as readonly unknown[]).includes(value) ? (value as ConfirmedAction) : null);
