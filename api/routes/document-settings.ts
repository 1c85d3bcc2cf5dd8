import { Router, type Request } from "express";
import { todayJst } from "../../domain/datetime";
import { DOCUMENT_KIND_IDS, type DocumentKind } from "../../domain/document-kinds";
import { documentSettingInputSchema } from "../../domain/document-settings";
import type { Database } from "../db/client";
import { notFound } from "../errors";
import { documentSettingsOf, KIND_NOT_FOUND, saveDocumentSetting } from "../master-data/document-settings";
import { requireMember } from "../membership";
import { parseBody } from "../validation";
import { handler } from "./handler";
import { editVersionOf } from "./master-records";

function kindOf(req: Request): DocumentKind {
  const kind = DOCUMENT_KIND_IDS.find((id) => id === req.params.kind);
  if (!kind) throw notFound(KIND_NOT_FOUND);
  return kind;
}

/** Per-kind document settings (帳票設定): numbering, defaults and mail templates, with an optimistic lock. */
export function documentSettingRoutes(db: Database, now: () => Date = () => new Date()): Router {
  const router = Router();

  const load = (tenant: string) => documentSettingsOf(db, tenant, todayJst(now()));

  router.get(
    "/document-settings",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      const settingOf = await load(tenant);
      res.json({ items: DOCUMENT_KIND_IDS.map(settingOf) });
    }),
  );

  router.get(
    "/document-settings/:kind",
    handler(async (req, res) => {
      const kind = kindOf(req);
      const tenant = await requireMember(db, req, { write: false });
      res.json((await load(tenant))(kind));
    }),
  );

  router.post(
    "/document-settings/:kind",
    handler(async (req, res) => {
      const kind = kindOf(req);
      const tenant = await requireMember(db, req, { write: true });
      const body = (req.body ?? {}) as Record<string, unknown>;
      const version = editVersionOf(body);
      const input = parseBody(documentSettingInputSchema, body);
      await saveDocumentSetting(db, tenant, kind, version, input);
      res.json((await load(tenant))(kind));
    }),
  );

  return router;
}
