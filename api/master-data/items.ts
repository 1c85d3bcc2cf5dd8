import { and, asc, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import { taxCategoryOf } from "../../domain/codes";
import type { ItemInput } from "../../domain/item";
import { searchKey } from "../../domain/normalize";
import type { Database } from "../db/client";
import { escapeLike } from "../db/like";
import { items } from "../db/schema";
import { notFound, validationFailed, violatesUniqueIndex } from "../errors";
import { guardedUpdateResult } from "./records";

/** The company's items (品目): search, sort and paging in the query; an optimistic lock on edits. */

export type ItemRow = typeof items.$inferSelect;

const STALE_SAVE = "ほかの操作でこの品目が更新されています。最新の内容を確認してから、もう一度保存してください。";
export const ITEM_NOT_FOUND = "品目が見つかりません。";
export const DUPLICATE_ITEM_CODE = "この品目コードはすでに使われています";

export type ItemListQuery = { q: string; sort: "code" | "name" | "unit_price" | "updated"; order: "asc" | "desc"; page: number; per_page: number };

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

const own = (tenant: string, id: number) => and(eq(items.id, id), eq(items.companyUniqueCode, tenant));

/** The unique code index refused the row: said beside the code field, not as a bare conflict. */
async function withUniqueCode<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violatesUniqueIndex(error, "items_company_code_idx")) throw validationFailed({ code: [DUPLICATE_ITEM_CODE] });
    throw error;
  }
}

/** A page of the company's items matching the search, with how many match in all. */
export async function listItems(db: Database, tenant: string, { q, sort, order, page, per_page: perPage }: ItemListQuery) {
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
  ])) as [ItemRow[], [{ total: number }]];
  return { rows, total };
}

export async function itemOf(db: Database, tenant: string, id: number): Promise<ItemRow> {
  const [row] = await db.select().from(items).where(own(tenant, id)).limit(1);
  if (!row) throw notFound(ITEM_NOT_FOUND);
  return row;
}

export async function createItem(db: Database, tenant: string, input: ItemInput): Promise<ItemRow> {
  const [row] = await withUniqueCode(() => db.insert(items).values({ ...itemColumnsOf(input), companyUniqueCode: tenant }).returning());
  return row!;
}

/** Saves an edit made from `version`: 409 when the item changed since, 404 when it is not the company's. */
export async function updateItem(db: Database, tenant: string, id: number, version: number, input: ItemInput): Promise<ItemRow> {
  const [updated] = await withUniqueCode(() =>
    db
      .update(items)
      .set({ ...itemColumnsOf(input), version: version + 1, updatedAt: new Date() })
      .where(and(own(tenant, id), eq(items.version, version)))
      .returning(),
  );
  return guardedUpdateResult(updated, async () => (await db.select({ id: items.id }).from(items).where(own(tenant, id))).length > 0, {
    stale: STALE_SAVE,
    notFound: ITEM_NOT_FOUND,
  });
}

/** Documents copy an item's values into their lines, so deleting an item never changes a document. */
export async function deleteItem(db: Database, tenant: string, id: number): Promise<void> {
  const deleted = await db.delete(items).where(own(tenant, id)).returning({ id: items.id });
  if (deleted.length === 0) throw notFound(ITEM_NOT_FOUND);
}
