import { Router, type Request } from "express";
import { permissionsSchema, roleChangeSchema, USER_CODE_PATTERN } from "../../domain/account-users";
import { changeRole, companyUserOf, companyUsersOf, enableUser, recordSignIn, savePermissions, USER_NOT_FOUND, type PaymentUserRow } from "../accounts/users";
import { tenantOf } from "../auth";
import { idTokenOf, type BankService } from "../bank-service";
import type { Database } from "../db/client";
import { notFound } from "../errors";
import { requireOwner } from "../membership";
import { parseBody } from "../validation";
import { handler } from "./handler";

/** A user code from the path; one that cannot be a code is answered like one that is not there. */
function userCode(req: Request): string {
  const code = req.params.code ?? "";
  if (!USER_CODE_PATTERN.test(code)) throw notFound(USER_NOT_FOUND);
  return code;
}

/** What the owner's pages show of a payment service user. */
function presentUser(row: PaymentUserRow) {
  return {
    userUniqueCode: row.userUniqueCode,
    role: row.role,
    registrationStatus: row.registrationStatus,
    referenceId: row.referenceId,
    receiveReferenceId: row.receiveReferenceId,
    lastSignedInAt: row.lastSignedInAt,
    version: row.version,
  };
}

/**
 * The company's payment service users for its owner (decision 024): list one
 * or all, change a role, enable a bank user of the company, set what each
 * sees. The company is always the caller's, from the token.
 */
export function accountUserRoutes(db: Database, bankService: BankService): Router {
  const router = Router();

  // Called by the sign-in callback instead of GET /user_service/me: the same answer, and the sign-in recorded.
  router.post(
    "/user_service/signed_in",
    handler(async (req, res) => {
      const tenant = tenantOf(req.caller);
      res.json(await recordSignIn(db, tenant, req.caller!.userUniqueCode, req.caller!));
    }),
  );

  router.get(
    "/user_service/users",
    handler(async (req, res) => {
      const tenant = await requireOwner(db, req);
      res.json({ users: (await companyUsersOf(db, tenant)).map(presentUser) });
    }),
  );

  router.get(
    "/user_service/users/:code",
    handler(async (req, res) => {
      const tenant = await requireOwner(db, req);
      res.json(presentUser(await companyUserOf(db, tenant, userCode(req))));
    }),
  );

  router.post(
    "/user_service/users/:code/role",
    handler(async (req, res) => {
      const tenant = await requireOwner(db, req);
      const code = userCode(req);
      const change = parseBody(roleChangeSchema, req.body);
      res.json(presentUser(await changeRole(db, tenant, code, change)));
    }),
  );

  router.post(
    "/user_service/users/:code/enable",
    handler(async (req, res) => {
      const tenant = await requireOwner(db, req);
      const code = userCode(req);
      res.status(201).json(presentUser(await enableUser(db, bankService, idTokenOf(req), tenant, code)));
    }),
  );

  router.post(
    "/user_service/permissions",
    handler(async (req, res) => {
      const tenant = await requireOwner(db, req);
      const { users: lines } = parseBody(permissionsSchema, req.body);
      res.json({ users: (await savePermissions(db, tenant, lines)).map(presentUser) });
    }),
  );

  return router;
}
