import { Router } from "express";
import { z } from "zod";
import type { Database } from "../db/client";
import { validationFailed } from "../errors";
import { requireMember } from "../membership";
import type { FileStorage } from "../storage/storage";
import { handler } from "./handler";

const fileQuery = z.object({ path: z.string().min(1) });

/** A stored file of the caller's company, as base64 (SPEC §7: get_s3_file). */
export function fileRoutes(db: Database, storage: FileStorage): Router {
  const router = Router();
  router.get(
    "/get_s3_file",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      const query = fileQuery.safeParse(req.query);
      if (!query.success) throw validationFailed({ path: ["このフィールドは必須です"] });
      const { file, bytes } = await storage.read(tenant, query.data.path);
      res.set("Cache-Control", "private, no-store").json({ file: Buffer.from(bytes).toString("base64"), contentType: file.contentType });
    }),
  );
  return router;
}
