import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, paymentServiceUsers } from "../../api/db/schema";
import { MIGRATIONS_FOLDER, openTestDatabase } from "../support/database";

let folder: string;

beforeAll(async () => {
  // The migrations as they were before payment service users kept a name: the journal without 0033.
  folder = await mkdtemp(path.join(tmpdir(), "chohyo-migrations-"));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter((entry) => entry.tag < "0033");
  await writeFile(journalPath, JSON.stringify(journal));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("migration 0033_person_names", () => {
  // Every migration, in two runs, on cores shared with other test files: longer than a request-sized test.
  it("names each payment service user by the latest name a history recorded for them, and leaves the others unnamed", { timeout: 90_000 }, async () => {
    const database = await openTestDatabase(folder);
    try {
      const { db } = database;
      // Inserted without name: the column does not exist yet.
      await db.execute(sql`insert into payment_service_users (user_unique_code, company_unique_code, role)
        values ('U-RENAMED', 'C-DEMO', 1), ('U-REMINDER', 'C-DEMO', 2), ('U-SILENT', 'C-DEMO', 2)`);
      const [invoice] = await db
        .insert(documents)
        .values({
          companyUniqueCode: "C-DEMO",
          kind: "invoice",
          status: 2,
          number: "INV-1",
          issueDate: "2026-11-01",
          customerName: "株式会社青空商事",
          customerHonorific: "御中",
          customerSearchKey: "株式会社青空商事",
          taxTypeId: 1,
          itemRoundingId: 1,
          itemRoundingScale: 0,
          subtotalRoundingId: 1,
          taxRoundingId: 2,
          taxWithholdingId: 0,
          taxExcluded: "1000",
          tax: "100",
          taxIncluded: "1100",
          withholdingAmount: "0",
          amountDue: "1100",
          createdBy: "U-RENAMED",
        })
        .returning({ id: documents.id });
      await db.execute(sql`insert into document_status_history (document_id, to_status, event, changed_by, changed_by_name, changed_at)
        values (${invoice!.id}, 1, 'created', 'U-RENAMED', '旧姓 花子', '2026-10-01T10:00:00+09:00'),
               (${invoice!.id}, 2, 'issued', 'U-RENAMED', '新姓 花子', '2026-11-01T10:00:00+09:00'),
               (${invoice!.id}, 2, 'status', 'U-SILENT', null, '2026-11-02T10:00:00+09:00')`);
      await db.execute(sql`insert into reminders (company_unique_code, document_id, level, "to", subject, body, idempotency_key, sent_by, sent_by_name)
        values ('C-DEMO', ${invoice!.id}, 1, '["a@example.com"]'::jsonb, '件名', '本文', 'key-1', 'U-REMINDER', '督促 一郎')`);

      await database.migrate(MIGRATIONS_FOLDER);

      expect(await db.select({ code: paymentServiceUsers.userUniqueCode, name: paymentServiceUsers.name }).from(paymentServiceUsers).orderBy(asc(paymentServiceUsers.userUniqueCode))).toEqual([
        { code: "U-REMINDER", name: "督促 一郎" },
        { code: "U-RENAMED", name: "新姓 花子" },
        { code: "U-SILENT", name: null },
      ]);
    } finally {
      await database.close();
    }
  });
});
