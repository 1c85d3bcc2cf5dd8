import { Router, type Request } from "express";
import { and, asc, count, desc, eq, ilike, isNull, type SQL } from "drizzle-orm";
import { customerInputSchema, type CustomerInput } from "../../domain/customer";
import { searchKey } from "../../domain/normalize";
import type { Database } from "../db/client";
import { customers } from "../db/schema";
import { conflict, isStillReferenced, notFound } from "../errors";
import { requireMember } from "../membership";
import { parseBody } from "../validation";
import { handler } from "./handler";
import { editVersionOf, escapeLike, guardedUpdateResult, listQuerySchema, parseListQuery } from "./master-records";
import { idParam } from "./params";

const STALE_SAVE = "ほかの操作でこの取引先が更新されています。最新の内容を確認してから、もう一度保存してください。";
const NOT_FOUND = "取引先が見つかりません。";
export const IN_USE = "この取引先は書類で使われているため削除できません。一覧に表示しないようにするには「アーカイブする」を使ってください。";

const listQuery = listQuerySchema(["name", "kana", "updated"], "kana");

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
    closingDay: input.closing_day,
    paymentMonthOffset: input.payment_month_offset,
    paymentDay: input.payment_day,
    holidayShift: input.holiday_shift,
    notes: input.notes,
    searchKey: searchKey(`${input.name} ${input.name_kana ?? ""}`),
  };
}

const customerId = (req: Request) => idParam(req, NOT_FOUND);

/** Strips what only the server needs. */
function present(row: typeof customers.$inferSelect) {
  const { searchKey: _searchKey, ...customer } = row;
  return customer;
}

/** The company's customers (取引先): search, sort and paging on the server; optimistic lock on edits. */
export function customerRoutes(db: Database): Router {
  const router = Router();

  router.get(
    "/customers",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      const { q, sort, order, page, per_page: perPage, archived } = parseListQuery(listQuery, req.query);
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
      ])) as [Array<typeof customers.$inferSelect>, [{ total: number }]];
      res.json({ items: rows.map(present), total, page, perPage });
    }),
  );

  router.get(
    "/customers/:id",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      const [row] = await db
        .select()
        .from(customers)
        .where(and(eq(customers.id, customerId(req)), eq(customers.companyUniqueCode, tenant)))
        .limit(1);
      if (!row) throw notFound(NOT_FOUND);
      res.json(present(row));
    }),
  );

  router.post(
    "/customers",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const input = parseBody(customerInputSchema, req.body);
      const [row] = await db.insert(customers).values({ ...customerColumnsOf(input), companyUniqueCode: tenant }).returning();
      res.status(201).json(present(row!));
    }),
  );

  router.post(
    "/customers/:id",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const id = customerId(req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const version = editVersionOf(body);
      const input = parseBody(customerInputSchema, body);
      const [updated] = await db
        .update(customers)
        .set({ ...customerColumnsOf(input), version: version + 1, updatedAt: new Date() })
        .where(and(eq(customers.id, id), eq(customers.companyUniqueCode, tenant), eq(customers.version, version)))
        .returning();
      const row = await guardedUpdateResult(
        updated,
        async () => (await db.select({ id: customers.id }).from(customers).where(and(eq(customers.id, id), eq(customers.companyUniqueCode, tenant)))).length > 0,
        { stale: STALE_SAVE, notFound: NOT_FOUND },
      );
      res.json(present(row));
    }),
  );

  router.post(
    "/customers/:id/archive",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const [row] = await db
        .update(customers)
        .set({ archivedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(customers.id, customerId(req)), eq(customers.companyUniqueCode, tenant)))
        .returning();
      if (!row) throw notFound(NOT_FOUND);
      res.json(present(row));
    }),
  );

  // Whatever refers to a customer (documents do) holds a foreign key to it, so the database refuses the delete.
  router.delete(
    "/customers/:id",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const deleted = await db
        .delete(customers)
        .where(and(eq(customers.id, customerId(req)), eq(customers.companyUniqueCode, tenant)))
        .returning({ id: customers.id })
        .catch((error: unknown) => {
          if (isStillReferenced(error)) throw conflict(IN_USE);
          throw error;
        });
      if (deleted.length === 0) throw notFound(NOT_FOUND);
      res.status(204).end();
    }),
  );

  return router;
}
