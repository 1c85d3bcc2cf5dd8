import express, { Router } from "express";
import { requireCaller, type TrustedIssuer } from "./auth";
import type { Database } from "./db/client";
import { apiErrorHandler, notFound } from "./errors";
import { refuseUnreadableInput } from "./input-guard";
import { enteredBySegment } from "./route-segments";
import { maintenanceGate, type MaintenanceWindow } from "./maintenance";
import { revocationAndMembershipCheck } from "./membership";
import { accountRoutes } from "./routes/accounts";
import { adminRoutes } from "./routes/admin";
import { companyRoutes } from "./routes/companies";
import { csvRoutes } from "./routes/csv";
import { customerRoutes } from "./routes/customers";
import { documentSettingRoutes } from "./routes/document-settings";
import { approvalRoutes } from "./routes/approvals";
import { documentRoutes } from "./routes/documents";
import { mailRoutes, publicMailRoutes, type MailDeps } from "./routes/mails";
import { documentExportRoutes } from "./routes/documents-export";
import { digitalInvoiceRoutes } from "./routes/digital-invoices";
import { itemRoutes } from "./routes/items";
import { officeProcessRuleRoutes } from "./routes/office-process-rules";
import { fileRoutes } from "./routes/files";
import { publicTermsRoutes } from "./routes/public-terms";
import { referenceRoutes } from "./routes/reference";
import { bankConfigRoutes } from "./routes/bank-config";
import { sessionRoutes } from "./routes/sessions";
import { snakeCaseResponses } from "./snake-case";
import type { BankService } from "./bank-service";
import type { AccessPoint } from "./peppol/access-point";
import { createDatabaseFileStorage, type FileStorage } from "./storage/storage";
import { userServiceRoutes } from "./routes/user-service";
import { accountUserRoutes } from "./routes/account-users";
import { createOfflineLookup } from "./registration-numbers/offline";
import type { RegistrationLookup } from "./registration-numbers/lookup";
import { registrationNumberRoutes } from "./routes/registration-numbers";
import { receivedDocumentRoutes } from "./routes/received-documents";
import { reportRoutes } from "./routes/reports";
import { topRoutes } from "./routes/top";
import { paymentRoutes } from "./routes/payments";
import { bankStatementRoutes } from "./routes/bank-statements";
import { recurringRoutes } from "./routes/recurring";
import { reminderRoutes } from "./routes/reminders";
import { closingRoutes } from "./routes/closing";

export type PaymentApiDeps = {
  db: Database;
  issuers: TrustedIssuer[];
  clientId: string;
  maintenance: MaintenanceWindow | null;
  /** Where files live; the database unless given. */
  storage?: FileStorage;
  /** The outbox the send endpoints write to and the link signer of recipients' links. */
  mail: MailDeps;
  /** Where registration numbers are looked up; the offline table unless given. */
  registrationLookup?: RegistrationLookup;
  now?: () => Date;
  /** The bank's service, asked with the caller's token where the bank's word decides (decision 037). */
  bankService: BankService;
  /** The Peppol access point digital invoices are taken from (decision 045); the outbox sends to the same one. */
  accessPoint?: AccessPoint | null;
};

/** The Payment API (SPEC §7): mount the returned router anywhere; it answers under /api/v1. */
export function createPaymentApi(deps: PaymentApiDeps): Router {
  const api = Router();
  api.use(snakeCaseResponses);
  api.use(maintenanceGate(deps.maintenance, deps.now));
  // A recipient's link needs no sign-in: these routes come before the token check.
  const storage = deps.storage ?? createDatabaseFileStorage(deps.db);
  api.use(enteredBySegment(publicMailRoutes(deps.db, storage, deps.mail)));
  // Terms are read before signing in (the /legal pages): also before the token check.
  api.use(enteredBySegment(publicTermsRoutes(deps.db)));
  api.use(requireCaller({ issuers: deps.issuers, clientId: deps.clientId, isRevoked: revocationAndMembershipCheck(deps.db) }));
  api.use(express.json({ limit: "1mb" }));
  // Forms without files; `extended` reads indexed fields such as company_bank_accounts[0][bank_name].
  api.use(express.urlencoded({ extended: true, limit: "1mb", parameterLimit: 500 }));
  api.use(refuseUnreadableInput);
  api.use(enteredBySegment(sessionRoutes(deps.db)));
  // Bank staff's endpoints: a router of its own, with its own check first (decision 027).
  api.use(enteredBySegment(adminRoutes(deps.db)));
  api.use(enteredBySegment(referenceRoutes(deps.db)));
  api.use(enteredBySegment(bankConfigRoutes(deps.db)));
  api.use(enteredBySegment(userServiceRoutes(deps.db, deps.now)));
  api.use(enteredBySegment(accountRoutes(deps.db, deps.bankService, deps.now)));
  api.use(enteredBySegment(accountUserRoutes(deps.db, deps.bankService)));
  api.use(enteredBySegment(companyRoutes(deps.db, storage)));
  api.use(enteredBySegment(fileRoutes(deps.db, storage)));
  // Before the id routes, which would read "export" as an id.
  api.use(enteredBySegment(csvRoutes(deps.db)));
  api.use(enteredBySegment(customerRoutes(deps.db)));
  api.use(enteredBySegment(itemRoutes(deps.db)));
  api.use(enteredBySegment(documentSettingRoutes(deps.db)));
  api.use(enteredBySegment(officeProcessRuleRoutes(deps.db)));
  const registrationLookup = deps.registrationLookup ?? createOfflineLookup(deps.db);
  api.use(enteredBySegment(registrationNumberRoutes(deps.db, registrationLookup)));
  api.use(enteredBySegment(receivedDocumentRoutes(deps.db, storage, registrationLookup, deps.accessPoint ?? null)));
  api.use(enteredBySegment(reportRoutes(deps.db)));
  api.use(enteredBySegment(topRoutes(deps.db)));
  // Before the id routes, which would read "export" as an id.
  api.use(enteredBySegment(documentExportRoutes(deps.db)));
  api.use(enteredBySegment(mailRoutes(deps.db, storage, deps.mail)));
  api.use(enteredBySegment(paymentRoutes(deps.db)));
  api.use(enteredBySegment(bankStatementRoutes(deps.db)));
  api.use(enteredBySegment(recurringRoutes(deps.db, deps.now)));
  api.use(enteredBySegment(reminderRoutes(deps.db, deps.mail.outbox, deps.now)));
  api.use(enteredBySegment(closingRoutes(deps.db)));
  api.use(enteredBySegment(digitalInvoiceRoutes(deps.db, storage, deps.mail)));
  api.use(enteredBySegment(approvalRoutes(deps.db)));
  api.use(enteredBySegment(documentRoutes(deps.db, storage)));
  api.use((_req, _res, next) => next(notFound("該当するAPIがありません。")));
  api.use(apiErrorHandler);

  const root = Router();
  root.use("/api/v1", api);
  root.use((_req, _res, next) => next(notFound("該当するAPIがありません。")));
  root.use(apiErrorHandler);
  return root;
}
