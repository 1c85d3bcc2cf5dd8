import { Router, type Request } from "express";
import { and, asc, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import { taxCategoryOf } from "../../domain/codes";
import { canonicalDecimal } from "../../domain/decimal";
import { itemInputSchema, type ItemInput } from "../../domain/item";
import { searchKey } from "../../domain/normalize";
import type { Database } from "../db/client";
import { items } from "../db/schema";
import { notFound, validationFailed, violatesUniqueIndex } from "../errors";
import { requireMember } from "../membership";
import { parseBody } from "../validation";
import { handler } from "./handler";
import { editVersionOf, escapeLike, guardedUpdateResult, listQuerySchema, parseListQuery } from "./master-records";
import { idParam } from "./params";

const STALE_SAVE = "ほかの操作でこの品目が更新されています。最新の内容を確認してから、もう一度保存してください。";
const NOT_FOUND = "品目が見つかりません。";
export const DUPLICATE_ITEM_CODE = "この品目コードはすでに使われています";

const listQuery = listQuerySchema(["code", "name", "unit_price", "updated"], "code");

export function itemColumnsOf(input: ItemInput) {
  return {
    code: input.code,
    name: input.name,
    unit: input.unit,
    unitPrice: input.unit_price,
    taxCategory: input.tax_category,
    taxRate: taxCategoryOf(input.tax_category).rate,
    searchKey: searchKey(`${input.code ?? ""} ${input.name}`),
  };
}

const itemId = (req: Request) => idParam(req, NOT_FOUND);

/** Strips what only the server needs; numeric comes back padded to four places. */
export function presentItem(row: typeof items.$inferSelect) {
  const { searchKey: _searchKey, companyUniqueCode: _company, ...item } = row;
  return { ...item, unitPrice: canonicalDecimal(item.unitPrice) };
}

/** The unique code index refused the row: said beside the code field, not as a bare conflict. */
async function withUniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatesUniqueIndex(error, "items_company_code_idx")) throw validationFailed({ code: [DUPLICATE_ITEM_CODE] });
    throw error;
  }
}

/** The company's items (品目): search, sort and paging on the server; optimistic lock on edits. */
export function itemRoutes(db: Database): Router {
  const router = Router();

  router.get(
    "/items",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      const { q, sort, order, page, per_page: perPage } = parseListQuery(listQuery, req.query);
      const conditions: SQL[] = [eq(items.companyUniqueCode, tenant)];
      const key = searchKey(q);
      if (key) conditions.push(ilike(items.searchKey, `%${escapeLike(key)}%`));
      const where = and(...conditions);
      const column = { code: items.code, name: items.name, unit_price: items.unitPrice, updated: items.updatedAt }[sort];
      const [rows, [{ total }]] = (await Promise.all([
        db
          .select()
          .from(items)
          .where(where)
          // Items without a code sort by name after those with one.
          .orderBy(order === "asc" ? asc(column) : desc(column), asc(items.searchKey), asc(items.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ total: count() }).from(items).where(where),
      ])) as [Array<typeof items.$inferSelect>, [{ total: number }]];
      res.json({ items: rows.map(presentItem), total, page, perPage });
    }),
  );

  router.get(
    "/items/:id",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      const [row] = await db
        .select()
        .from(items)
        .where(and(eq(items.id, itemId(req)), eq(items.companyUniqueCode, tenant)))
        .limit(1);
      if (!row) throw notFound(NOT_FOUND);
      res.json(presentItem(row));
    }),
  );

  router.post(
    "/items",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const input = parseBody(itemInputSchema, req.body);
      const [row] = await withUniqueCode(() => db.insert(items).values({ ...itemColumnsOf(input), companyUniqueCode: tenant }).returning());
      res.status(201).json(presentItem(row!));
    }),
  );

  router.post(
    "/items/:id",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const id = itemId(req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const version = editVersionOf(body);
      const input = parseBody(itemInputSchema, body);
      const [updated] = await withUniqueCode(() =>
        db
          .update(items)
          .set({ ...itemColumnsOf(input), version: version + 1, updatedAt: new Date() })
          .where(and(eq(items.id, id), eq(items.companyUniqueCode, tenant), eq(items.version, version)))
          .returning(),
      );
      const row = await guardedUpdateResult(
        updated,
        async () => (await db.select({ id: items.id }).from(items).where(and(eq(items.id, id), eq(items.companyUniqueCode, tenant)))).length > 0,
        { stale: STALE_SAVE, notFound: NOT_FOUND },
      );
      res.json(presentItem(row));
    }),
  );

  // Documents copy an item's values into their lines, so deleting an item never changes a document.
  router.delete(
    "/items/:id",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const deleted = await db
        .delete(items)
        .where(and(eq(items.id, itemId(req)), eq(items.companyUniqueCode, tenant)))
        .returning({ id: items.id });
      if (deleted.length === 0) throw notFound(NOT_FOUND);
      res.status(204).end();
    }),
  );

  return router;
}
