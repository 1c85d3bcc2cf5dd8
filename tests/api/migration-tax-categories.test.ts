import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentLines, documents, documentSnapshots, items } from "../../api/db/schema";
import { MIGRATIONS_FOLDER, openTestDatabase } from "../support/database";

let folder: string;

beforeAll(async () => {
  // The migrations as they were before tax categories: the journal without 0013.
  folder = await mkdtemp(path.join(tmpdir(), "chohyo-migrations-"));
  await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(await readFile(journalPath, "utf8")) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter((entry) => entry.tag < "0013");
  await writeFile(journalPath, JSON.stringify(journal));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const base = {
  companyUniqueCode: "C-DEMO",
  kind: "invoice" as const,
  status: 1,
  issueDate: "2026-11-01",
  customerName: "株式会社青空商事",
  customerHonorific: "御中" as const,
  customerSearchKey: "株式会社青空商事",
  itemRoundingId: 1,
  itemRoundingScale: 0,
  subtotalRoundingId: 1,
  taxRoundingId: 2,
  taxExcluded: "100000",
  tax: "10000",
  taxIncluded: "110000",
  // What withholding on the tax-included amount gave: 110,000 × 10.21 %.
  withholdingAmount: "11231",
  amountDue: "98769",
  createdBy: "U-DEMO-OWNER",
};

describe("migration 0013_tax_categories", () => {
  // Every migration, in two runs, on cores shared with other test files: longer than a request-sized test.
  it("gives lines and items the category of their rate and withholds on drafts' tax-excluded amount, leaving what was given out", { timeout: 90_000 }, async () => {
    const database = await openTestDatabase(folder);
    try {
      const { db } = database;
      const [draft, printed, external] = await db
        .insert(documents)
        .values([
          { ...base, number: "INV-1", taxTypeId: 2, withholding: true, taxWithholdingId: 1 },
          { ...base, number: "INV-2", taxTypeId: 2, withholding: true, taxWithholdingId: 1 },
          { ...base, number: "INV-3", taxTypeId: 1, withholding: true, taxWithholdingId: 1, taxIncluded: "110000", withholdingAmount: "10210", amountDue: "99790" },
        ])
        .returning({ id: documents.id });
      // Inserted without tax_category: the column does not exist yet.
      await db.execute(sql`insert into document_lines (document_id, position, description, quantity, unit_price, tax_rate, amount)
        values (${draft!.id}, 0, '作業', 1, 100000, 10, 100000), (${draft!.id}, 1, 'お茶', 1, 100, 8, 100), (${draft!.id}, 2, '印紙代', 1, 200, 0, 200)`);
      await db.execute(sql`insert into items (company_unique_code, code, name, unit_price, tax_rate, search_key)
        values ('C-DEMO', 'A', '作業', 1, 10, 'a'), ('C-DEMO', 'B', 'お茶', 1, 8, 'b'), ('C-DEMO', 'C', '印紙代', 1, 0, 'c')`);
      await db.insert(documentSnapshots).values({ documentId: printed!.id, companyUniqueCode: "C-DEMO", documentVersion: 1, reason: "print", content: {}, createdBy: "U-DEMO-OWNER" });

      await database.migrate(MIGRATIONS_FOLDER);

      const lines = await db.select({ rate: documentLines.taxRate, category: documentLines.taxCategory }).from(documentLines).orderBy(asc(documentLines.position));
      expect(lines).toEqual([
        { rate: 10, category: "standard" },
        { rate: 8, category: "reduced" },
        { rate: 0, category: "non_taxable" },
      ]);
      expect(await db.select({ rate: items.taxRate, category: items.taxCategory }).from(items).orderBy(asc(items.code))).toEqual([
        { rate: 10, category: "standard" },
        { rate: 8, category: "reduced" },
        { rate: 0, category: "non_taxable" },
      ]);
      const amounts = async (id: number) =>
        (await db.select({ withheld: documents.withholdingAmount, due: documents.amountDue }).from(documents).where(eq(documents.id, id)))[0];
      expect(await amounts(draft!.id)).toEqual({ withheld: "10210.0000", due: "99790.0000" });
      expect(await amounts(printed!.id)).toEqual({ withheld: "11231.0000", due: "98769.0000" });
      expect(await amounts(external!.id)).toEqual({ withheld: "10210.0000", due: "99790.0000" });
    } finally {
      await database.close();
    }
  });
});
