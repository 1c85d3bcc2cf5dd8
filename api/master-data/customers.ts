import { and, asc, count, desc, eq, ilike, isNull, type SQL } from "drizzle-orm";
import type { CustomerInput } from "../../domain/customer";
import { searchKey } from "../../domain/normalize";
import type { Database } from "../db/client";
import { escapeLike } from "../db/like";
import { customers } from "../db/schema";
import { conflict, isStillReferenced, notFound } from "../errors";
import { guardedUpdateResult } from "./records";

/** The company's customers (取引先): search, sort and paging in the query; an optimistic lock on edits. */

export type CustomerRow = typeof customers.$inferSelect;

const STALE_SAVE = "ほかの操作でこの取引先が更新されています。最新の内容を確認してから、もう一度保存してください。";
export const CUSTOMER_NOT_FOUND = "取引先が見つかりません。";
export const IN_USE = "この取引先は書類で使われているため削除できません。一覧に表示しないようにするには「アーカイブする」を使ってください。";

export type CustomerListQuery = { q: string; sort: "name" | "kana" | "updated"; order: "asc" | "desc"; page: number; per_page: number; archived: "true" | "false" };

export function customerColumnsOf(input: CustomerInput) {
  return {
    name: input.name,
    nameKana: input.name_kana,
    honorific: input.honorific,
    department: input.department,
    personInCharge: input.person_in_charge,
    postalCode: input.postal_code,
    address1: input.address1,
    address2: input.address2,
    tel: input.tel,
    emails: input.emails,
    registeredNo: input.registered_no,
    peppolId: input.peppol_id,
    closingDay: input.closing_day,
    paymentMonthOffset: input.payment_month_offset,
    paymentDay: input.payment_day,
    holidayShift: input.holiday_shift,
    notes: input.notes,
    searchKey: searchKey(`${input.name} ${input.name_kana ?? ""}`),
  };
}

const own = (tenant: string, id: number) => and(eq(customers.id, id), eq(customers.companyUniqueCode, tenant));

/** A page of the company's customers matching the search, with how many match in all. */
export async function listCustomers(db: Database, tenant: string, { q, sort, order, page, per_page: perPage, archived }: CustomerListQuery) {
  const conditions: SQL[] = [eq(customers.companyUniqueCode, tenant)];
  if (archived === "false") conditions.push(isNull(customers.archivedAt));
  const key = searchKey(q);
  if (key) conditions.push(ilike(customers.searchKey, `%${escapeLike(key)}%`));
  const where = and(...conditions);
  const column = { name: customers.name, kana: customers.nameKana, updated: customers.updatedAt }[sort];
  const [rows, [{ total }]] = (await Promise.all([
    db
      .select()
      .from(customers)
      .where(where)
      // Customers without kana sort by name after those with it.
      .orderBy(order === "asc" ? asc(column) : desc(column), asc(customers.searchKey), asc(customers.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(customers).where(where),
  ])) as [CustomerRow[], [{ total: number }]];
  return { rows, total };
}

export async function customerOf(db: Database, tenant: string, id: number): Promise<CustomerRow> {
  const [row] = await db.select().from(customers).where(own(tenant, id)).limit(1);
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return row;
}

export async function createCustomer(db: Database, tenant: string, input: CustomerInput): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values({ ...customerColumnsOf(input), companyUniqueCode: tenant }).returning();
  return row!;
}

/** Saves an edit made from `version`: 409 when the customer changed since, 404 when it is not the company's. */
export async function updateCustomer(db: Database, tenant: string, id: number, version: number, input: CustomerInput): Promise<CustomerRow> {
  const [updated] = await db
    .update(customers)
    .set({ ...customerColumnsOf(input), version: version + 1, updatedAt: new Date() })
    .where(and(own(tenant, id), eq(customers.version, version)))
    .returning();
  return guardedUpdateResult(updated, async () => (await db.select({ id: customers.id }).from(customers).where(own(tenant, id))).length > 0, {
    stale: STALE_SAVE,
    notFound: CUSTOMER_NOT_FOUND,
  });
}

/** Out of the list, kept for the documents that name it. */
export async function archiveCustomer(db: Database, tenant: string, id: number): Promise<CustomerRow> {
  const [row] = await db.update(customers).set({ archivedAt: new Date(), updatedAt: new Date() }).where(own(tenant, id)).returning();
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return row;
}

/** Whatever refers to a customer (documents do) holds a foreign key to it, so the database refuses the delete: 409. */
export async function deleteCustomer(db: Database, tenant: string, id: number): Promise<void> {
  const deleted = await db
    .delete(customers)
    .where(own(tenant, id))
    .returning({ id: customers.id })
    .catch((error: unknown) => {
      if (isStillReferenced(error)) throw conflict(IN_USE);
      throw error;
    });
  if (deleted.length === 0) throw notFound(CUSTOMER_NOT_FOUND);
}
