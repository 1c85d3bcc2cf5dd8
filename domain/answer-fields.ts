import { z } from "zod";

/** The pieces every answer schema (domain/*-answers.ts) is made of, written once. */

/** A calendar date as the API sends it. */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One of a code list's ids: the list is the domain's, so a new code is known to the contract at once. */
export const codeEnum = <T extends { id: string }>(codes: readonly T[]) => z.enum(codes.map((code) => code.id) as [T["id"], ...T["id"][]]);

/** A page of a list: its rows, how many there are in all, and the page asked for. */
export const listPageAnswer = <Row extends z.ZodTypeAny>(row: Row) =>
  z.object({ items: z.array(row), total: z.number().int(), page: z.number().int(), per_page: z.number().int() });
