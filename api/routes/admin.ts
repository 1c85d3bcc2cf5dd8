import { Router, type Request } from "express";
import { serializeCsv } from "../../domain/csv";
import { todayJst } from "../../domain/datetime";
import { normalizeIsoDate } from "../../domain/normalize";
import { adminCompanyBatches, adminCompanyFilterOptions, adminCompanyListQuery, listAdminCompanies } from "../admin/companies";
import { adminCompanyDetail, COMPANY_CODE_PATTERN } from "../admin/company-detail";
import { adminActorOf, recordAdminAction } from "../admin/audit";
import { ADMIN_NOT_FOUND, requireAdminScope } from "../admin/scope";
import { sendCsv } from "../csv/stream";
import { ListSummaries } from "../documents/list-query";
import type { Database } from "../db/client";
import { ApiError, notFound } from "../errors";
import { z } from "zod";
import { adminBankRoutes } from "./admin-banks";
import { handler } from "./handler";
import { parseListQuery } from "./master-records";

const exportQuery = adminCompanyListQuery.extend({
  encoding: z.enum(["UTF8", "UTF8N", "SJIS"]).optional().default("UTF8"),
});

const CSV_HEADER = [
  "企業コード",
  "企業名",
  "銀行コード",
  "銀行名",
  "支店コード",
  "支店名",
  "プラン",
  "状態",
  "利用登録日",
  "課金開始日",
  "利用終了日",
  "退会日",
];

function detailKey(req: Request): { code: string; joinDate: string } {
  const code = req.params.code ?? "";
  const joinDate = normalizeIsoDate(req.params.joinDate ?? "");
  if (!COMPANY_CODE_PATTERN.test(code) || !joinDate || joinDate !== req.params.joinDate) throw notFound(ADMIN_NOT_FOUND);
  return { code, joinDate };
}

/**
 * The admin area's endpoints (decision 027): a router of its own under
 * /admin whose first check refuses every caller who is not bank staff, so a
 * company user's token reaches none of it; each endpoint then scopes by role.
 */
export function adminRoutes(db: Database): Router {
  const router = Router();
  const counts = new ListSummaries<number>();
  router.use("/admin", (req, _res, next) => {
    try {
      requireAdminScope(req);
      next();
    } catch (error) {
      next(error);
    }
  });

  // Called by the sign-in callback for bank staff: their sign-in is kept with the trace id.
  router.post(
    "/admin/signed_in",
    handler(async (req, res) => {
      const scope = requireAdminScope(req);
      await recordAdminAction(db, adminActorOf(req, scope), {
        bankCode: scope.caller.bankCode,
        action: "sign_in",
        target: null,
      });
      res.status(204).end();
    }),
  );

  router.get(
    "/admin/companies",
    handler(async (req, res) => {
      const scope = requireAdminScope(req);
      const query = parseListQuery(adminCompanyListQuery, req.query);
      res.json(await listAdminCompanies(db, counts, scope, query, todayJst()));
    }),
  );

  router.get(
    "/admin/companies/filters",
    handler(async (req, res) => {
      res.json(await adminCompanyFilterOptions(db, requireAdminScope(req)));
    }),
  );

  router.get(
    "/admin/companies/export",
    handler(async (req, res) => {
      const scope = requireAdminScope(req);
      if (!scope.canExport) throw new ApiError(403, "forbidden", "支店ユーザーは企業一覧を出力できません。支店管理者にご依頼ください。");
      const query = parseListQuery(exportQuery, req.query);
      const today = todayJst();
      await recordAdminAction(db, adminActorOf(req, scope), {
        bankCode: query.bank_code ?? scope.caller.bankCode,
        action: "companies.export",
        target: null,
        after: { ...query, page: undefined, per_page: undefined },
      });
      const stamp = today.replace(/-/g, "");
      await sendCsv(
        res,
        async function* () {
          yield serializeCsv([CSV_HEADER]);
          for await (const rows of adminCompanyBatches(db, scope, query, today)) {
            yield serializeCsv(
              rows.map((row) => [
                row.companyUniqueCode,
                row.companyName,
                row.bankCode,
                row.bankName ?? "",
                row.branchCode ?? "",
                row.branchName ?? "",
                row.planName ?? String(row.planId),
                row.statusLabel,
                row.joinDate ?? "",
                row.startDate ?? "",
                row.endDate ?? "",
                row.withdrawalDate ?? "",
              ]),
            );
          }
        },
        {
          encoding: query.encoding,
          asciiFileName: `companies-${stamp}.csv`,
          fileName: `企業一覧_${stamp}.csv`,
        },
      );
    }),
  );

  router.get(
    "/admin/companies/:code/:joinDate",
    handler(async (req, res) => {
      const scope = requireAdminScope(req);
      const { code, joinDate } = detailKey(req);
      res.json(await adminCompanyDetail(db, scope, code, joinDate, todayJst()));
    }),
  );

  router.use(adminBankRoutes(db));
  return router;
}
