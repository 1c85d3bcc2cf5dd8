import { and, eq } from "drizzle-orm";
import { MATCH_RESULTS } from "../../domain/codes";
import { todayJst } from "../../domain/datetime";
import { RECEIVED_ORIGINS } from "../../domain/received-documents";
import type { Database } from "../db/client";
import { customers, type receivedDocuments } from "../db/schema";
import type { ReceiveScope } from "../membership";
import type { FileStorage } from "../storage/storage";
import { readDigitalInvoice } from "./inspect-upload";
import { FIELD_LABELS, filesOf, retentionEndOf, versionsOf } from "./store";

async function customerNameOf(db: Database, tenant: string, customerId: number | null): Promise<string | null> {
  if (customerId === null) return null;
  const [customer] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.companyUniqueCode, tenant)));
  return customer?.name ?? null;
}

/**
 * What the document's digital invoices (its current XML files) state, read again from the bytes kept, so the pages
 * show the original record itself rather than a copy of it taken at upload.
 */
async function digitalInvoicesOf(storage: FileStorage, tenant: string, documentFiles: Awaited<ReturnType<typeof filesOf>>) {
  const xmlFiles = documentFiles.filter((file) => file.contentType === "application/xml" && file.removedInVersion === null);
  return Promise.all(
    xmlFiles.map(async (file) => {
      const { bytes } = await storage.read(tenant, file.fileId);
      return { fileId: file.id, invoice: readDigitalInvoice(bytes, file.fileName) };
    }),
  );
}

/** A document as the detail, edit and snapshot pages show it: data, result, files, digital invoices, history and retention. */
export async function presentDetail(db: Database, storage: FileStorage, scope: ReceiveScope, row: typeof receivedDocuments.$inferSelect) {
  const { companyUniqueCode: _company, supplierSearchKey: _key, idempotencyKey: _idempotency, amount10, tax10, amount8, tax8, amount0, ...document } = row;
  const [documentFiles, versions, retentionEnd, customerName] = await Promise.all([
    filesOf(db, row.id),
    versionsOf(db, scope.tenant, row.id),
    retentionEndOf(db, scope.tenant, row.transactionDate),
    customerNameOf(db, scope.tenant, row.customerId),
  ]);
  return {
    ...document,
    // Named as the form and the CSV name them: snake_case puts no underscore before a digit (amount10), which the pages never read.
    amount_10: amount10,
    tax_10: tax10,
    amount_8: amount8,
    tax_8: tax8,
    amount_0: amount0,
    customerName,
    matchResultLabel: MATCH_RESULTS.find((result) => result.id === row.matchResult)?.label ?? null,
    originLabel: RECEIVED_ORIGINS.find((origin) => origin.id === row.origin)?.label ?? row.origin,
    retentionEnd,
    deletable: todayJst() > retentionEnd && row.deletedAt === null,
    files: documentFiles,
    digitalInvoices: await digitalInvoicesOf(storage, scope.tenant, documentFiles),
    versions,
    fieldLabels: FIELD_LABELS,
  };
}
