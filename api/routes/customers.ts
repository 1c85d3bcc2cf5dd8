import { Router, type Request } from "express";
import { customerInputSchema } from "../../domain/customer";
import type { Database } from "../db/client";
import { archiveCustomer, CUSTOMER_NOT_FOUND, createCustomer, customerOf, deleteCustomer, listCustomers, updateCustomer, type CustomerRow } from "../master-data/customers";
import { requireMember } from "../membership";
import { parseBody } from "../validation";
import { handler } from "./handler";
import { editVersionOf, listQuerySchema, parseListQuery } from "./master-records";
import { idParam } from "./params";

const listQuery = listQuerySchema(["name", "kana", "updated"], "kana");

const customerId = (req: Request) => idParam(req, CUSTOMER_NOT_FOUND);

/** Strips what only the server needs. */
function present(row: CustomerRow) {
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
      const query = parseListQuery(listQuery, req.query);
      const { rows, total } = await listCustomers(db, tenant, query);
      res.json({ items: rows.map(present), total, page: query.page, perPage: query.per_page });
    }),
  );

  router.get(
    "/customers/:id",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      res.json(present(await customerOf(db, tenant, customerId(req))));
    }),
  );

  router.post(
    "/customers",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const input = parseBody(customerInputSchema, req.body);
      res.status(201).json(present(await createCustomer(db, tenant, input)));
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
      res.json(present(await updateCustomer(db, tenant, id, version, input)));
    }),
  );

  router.post(
    "/customers/:id/archive",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      res.json(present(await archiveCustomer(db, tenant, customerId(req))));
    }),
  );

  router.delete(
    "/customers/:id",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      await deleteCustomer(db, tenant, customerId(req));
      res.status(204).end();
    }),
  );

  return router;
}
