import { Router, type Request, type Response } from "express";
import multer from "multer";
import { companyInputSchema } from "../../domain/company";
import type { Database } from "../db/client";
import { companiesOf, COMPANY_NOT_FOUND, companyOf, createCompany, deleteCompany, presentCompany, updateCompany, type CompanyUploads } from "../master-data/company";
import { requireMember } from "../membership";
import { badRequest, unsupportedMediaType, validationFailed } from "../errors";
import { SIZE_LIMITS, type FilePurpose } from "../storage/file-type";
import type { FileStorage } from "../storage/storage";
import { parseBody } from "../validation";
import { handler } from "./handler";
import { idParam } from "./params";

/** Logo and stamp arrive as files; only a changed one is sent (state `update`). */
const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: SIZE_LIMITS.image, files: 2, fields: 200, fieldSize: 64 * 1024 },
}).fields([
  { name: "logo", maxCount: 1 },
  { name: "stamp", maxCount: 1 },
]);

const ACCEPTED_BODIES = ["multipart/form-data", "application/x-www-form-urlencoded", "application/json"];

const companyId = (req: Request) => idParam(req, COMPANY_NOT_FOUND);

function uploadedFile(req: Request, name: FilePurpose): Uint8Array | null {
  const files = req.files as Record<string, Express.Multer.File[]> | undefined;
  const file = files?.[name]?.[0];
  return file ? new Uint8Array(file.buffer) : null;
}

/** The logo and stamp the form sent. */
const uploadsOf = (req: Request): CompanyUploads => ({ logo: uploadedFile(req, "logo"), stamp: uploadedFile(req, "stamp") });

/** Own-company profiles (SPEC §7). Every query is scoped by the caller's company. */
export function companyRoutes(db: Database, storage: FileStorage): Router {
  const router = Router();

  function readBody(req: Request, res: Response) {
    return new Promise<void>((resolve, reject) => {
      if (req.headers["content-type"] && !req.is(ACCEPTED_BODIES)) {
        reject(unsupportedMediaType());
        return;
      }
      upload(req, res, (error: unknown) => (error ? reject(error) : resolve()));
    });
  }

  router.get(
    "/companies",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      res.json((await companiesOf(db, tenant)).map(presentCompany));
    }),
  );

  router.get(
    "/companies/:id",
    handler(async (req, res) => {
      res.json(presentCompany(await companyOf(db, await requireMember(db, req, { write: false }), companyId(req))));
    }),
  );

  router.post(
    "/companies",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      await readBody(req, res);
      const input = parseBody(companyInputSchema, req.body);
      const created = await createCompany(db, storage, { tenant, userUniqueCode: req.caller!.userUniqueCode, bankCode: req.caller!.bankCode }, input, uploadsOf(req));
      res.status(201).json(presentCompany(created));
    }),
  );

  router.post(
    "/companies/:id",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const id = companyId(req);
      await readBody(req, res);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const override = String(body._method ?? "").toUpperCase();
      if (override !== "PATCH" && override !== "PUT") throw badRequest("更新には _method=PATCH を指定してください。");
      const input = parseBody(companyInputSchema, body);
      const version = Number(body.version);
      if (!Number.isInteger(version)) throw validationFailed({ version: ["このフィールドは必須です"] });
      res.json(presentCompany(await updateCompany(db, storage, tenant, id, version, input, uploadsOf(req))));
    }),
  );

  router.delete(
    "/companies/:id",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const id = companyId(req);
      await deleteCompany(db, storage, tenant, id);
      res.status(204).end();
    }),
  );

  return router;
}
