import { Router, type Request } from "express";
import { canonicalDecimal } from "../../domain/decimal";
import { itemInputSchema } from "../../domain/item";
import type { Database } from "../db/client";
import { createItem, deleteItem, ITEM_NOT_FOUND, itemOf, listItems, updateItem, type ItemRow } from "../master-data/items";
import { requireMember } from "../membership";
import { parseBody } from "../validation";
import { handler } from "./handler";
import { editVersionOf, listQuerySchema, parseListQuery } from "./master-records";
import { idParam } from "./params";

const listQuery = listQuerySchema(["code", "name", "unit_price", "updated"], "code");

const itemId = (req: Request) => idParam(req, ITEM_NOT_FOUND);

/** Strips what only the server needs; numeric comes back padded to four places. */
function presentItem(row: ItemRow) {
  const { searchKey: _searchKey, companyUniqueCode: _company, ...item } = row;
  return { ...item, unitPrice: canonicalDecimal(item.unitPrice) };
}

/** The company's items (品目): search, sort and paging on the server; optimistic lock on edits. */
export function itemRoutes(db: Database): Router {
  const router = Router();

  router.get(
    "/items",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      const query = parseListQuery(listQuery, req.query);
      const { rows, total } = await listItems(db, tenant, query);
      res.json({ items: rows.map(presentItem), total, page: query.page, perPage: query.per_page });
    }),
  );

  router.get(
    "/items/:id",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      res.json(presentItem(await itemOf(db, tenant, itemId(req))));
    }),
  );

  router.post(
    "/items",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const input = parseBody(itemInputSchema, req.body);
      res.status(201).json(presentItem(await createItem(db, tenant, input)));
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
      res.json(presentItem(await updateItem(db, tenant, id, version, input)));
    }),
  );

  router.delete(
    "/items/:id",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      await deleteItem(db, tenant, itemId(req));
      res.status(204).end();
    }),
  );

  return router;
}
