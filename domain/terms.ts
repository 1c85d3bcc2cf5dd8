import { todayJst } from "./datetime";

/** The product whose terms the public pages show: its slug in the terms table (`terms.product`). */
export const PRODUCT_SLUG = "chohyo";

/** A bank code as the bank platform writes it: four digits (0001, 0182). */
export const BANK_CODE = /^\d{4}$/;

/**
 * What a terms page shows, and all that the public terms endpoints answer:
 * `effective_date` is the day in Japan the version took effect (「2026-04-01」).
 */
export type TermsText = { title: string; version: string; effective_date: string; body: string };

/** A version takes effect on the day it is published, counted in Japan time. */
export function effectiveDateOf(publishedAt: Date): string {
  return todayJst(publishedAt);
}

/** The body's paragraphs: one per line, blank lines and surrounding spaces dropped. Rendered as text, never as markup. */
export function paragraphsOf(body: string): string[] {
  return body
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}
