import { z } from "zod";
import { badRequest, validationFailed } from "../errors";

/** What the customers and items lists share: search, sort, order, paging and the archived switch. */
export const listQuerySchema = <Sort extends string>(sorts: readonly [Sort, ...Sort[]], defaultSort: Sort) =>
  z.object({
    q: z.string().max(100).optional().default(""),
    sort: z.enum(sorts).optional().default(defaultSort),
    order: z.enum(["asc", "desc"]).optional().default("asc"),
    page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
    per_page: z.coerce.number().int().min(1).max(100).optional().default(20),
    archived: z.enum(["true", "false"]).optional().default("false"),
  });

export function parseListQuery<Schema extends z.ZodTypeAny>(schema: Schema, query: unknown): z.output<Schema> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) throw badRequest("検索条件が正しくありません。");
  return parsed.data;
}

/**
 * An edit names the method (HTML forms can only post) and the version it was
 * made from; both are checked before the body itself.
 */
export function editVersionOf(body: Record<string, unknown>): number {
  const override = String(body._method ?? "").toUpperCase();
  if (override !== "PATCH" && override !== "PUT") throw badRequest("更新には _method=PATCH を指定してください。");
  const version = Number(body.version);
  if (body.version === undefined || body.version === "" || !Number.isInteger(version)) {
    throw validationFailed({ version: ["このフィールドは必須です"] });
  }
  return version;
}
