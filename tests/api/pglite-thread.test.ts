import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, rowsOf, type DatabaseHandle } from "../../api/db/client";
import { isDatabaseAway } from "../../api/errors";

/** The embedded database in a worker thread, as the server runs it (decision 051). */
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openDatabase({ ownThread: true });
  await database.db.execute(sql`create table notes (id int primary key, body text, at timestamptz default now(), bytes bytea)`);
}, 30_000);

afterAll(() => database?.close());

const countOf = async (handle = database) => (await rowsOf<{ n: number }>(handle.db, sql`select count(*)::int as n from notes`))[0]!.n;
const later = (ms: number) => new Promise<"later">((resolve) => setTimeout(() => resolve("later"), ms));

describe("PGlite in a thread of its own", () => {
  it("leaves the server's thread free while a long statement runs, and answers it", async () => {
    const statement = rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from generate_series(1, 3000000)`);
    // In the server's own thread the timer could not fire before the statement ended.
    expect(await Promise.race([statement.then(() => "statement"), later(20)])).toBe("later");
    expect(await statement).toEqual([{ n: 3_000_000 }]);
  });

  it("hands values over as the drivers do: text, dates, bytes", async () => {
    await database.db.execute(sql`insert into notes (id, body, at, bytes) values (1, '請求書', '2026-04-01T09:00:00Z', ${new Uint8Array([0, 1, 255])})`);
    const [row] = await rowsOf<{ body: string; at: string; bytes: Uint8Array }>(database.db, sql`select body, at, bytes from notes where id = 1`);
    expect(row!.body).toBe("請求書");
    expect(new Date(row!.at).toISOString()).toBe("2026-04-01T09:00:00.000Z");
    expect([...row!.bytes]).toEqual([0, 1, 255]);
  });

  it("holds statements outside a transaction until it commits, as PGlite does", async () => {
    const before = await countOf();
    let commit!: () => void;
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (id, body) values (2, 'open')`);
      inserted();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await insertedYet;
    const outside = countOf();
    expect(await Promise.race([outside.then(() => "answered"), later(100)])).toBe("later");
    commit();
    await transaction;
    expect(await outside).toBe(before + 1);
  });

  it("rolls a failed transaction back whole and reports PostgreSQL's code and constraint", async () => {
    const before = await countOf();
    const failure = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into notes (id, body) values (3, 'first')`);
        await tx.execute(sql`insert into notes (id, body) values (3, 'again')`);
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error & { cause: { code: string; constraint: string } }).cause).toMatchObject({ code: "23505", constraint: "notes_pkey" });
    expect(await countOf()).toBe(before);
  });

  it("keeps what a nested transaction did before it failed out, when the outer one goes on", async () => {
    const before = await countOf();
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes (id, body) values (4, 'kept')`);
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into notes (id, body) values (5, 'undone')`);
        inner.rollback();
      }).catch(() => undefined);
    });
    expect(await rowsOf(database.db, sql`select id from notes where id in (4, 5) order by id`)).toEqual([{ id: 4 }]);
    expect(await countOf()).toBe(before + 1);
  });

  describe("statements on their own, kept parsed (decision 052)", () => {
    const preparedCount = async () => (await rowsOf<{ n: number }>(database.db, sql`select count(*)::int as n from pg_prepared_statements`))[0]!.n;

    it("answers a statement again after its table gained a column, with the column", async () => {
      await database.db.execute(sql`create table shapes (id int primary key)`);
      await database.db.execute(sql`insert into shapes values (1)`);
      const all = () => rowsOf(database.db, sql`select * from shapes`);
      expect(await all()).toEqual([{ id: 1 }]);
      await database.db.execute(sql`alter table shapes add column name text default '丸'`);
      expect(await all()).toEqual([{ id: 1, name: "丸" }]);
    });

    it("reports a failed statement's code, and the next statements run", async () => {
      const insert = (id: number) => database.db.execute(sql`insert into notes (id, body) values (${id}, 'x')`);
      await insert(40);
      const failure = await insert(40).catch((error: unknown) => error);
      expect((failure as Error & { cause: { code: string } }).cause).toMatchObject({ code: "23505", constraint: "notes_pkey" });
      await insert(41);
      expect(await rowsOf(database.db, sql`select id from notes where id in (40, 41) order by id`)).toEqual([{ id: 40 }, { id: 41 }]);
    });

    it("keeps a bounded number of them however many texts it is given", async () => {
      for (let columns = 1; columns <= 320; columns += 1) {
        await database.db.execute(sql.raw(`select ${Array.from({ length: columns }, (_, index) => index).join(", ")}`));
      }
      expect(await preparedCount()).toBeLessThanOrEqual(300);
      expect(await preparedCount()).toBeGreaterThan(200);
    });
  });

  it("copies its data folder, which opens as a database with the same rows", async () => {
    const copy = await database.dumpDataDir!(async (query) => query("select count(*)::int as n from notes"));
    const opened = await openDatabase({ loadDataDir: new Blob([copy.tarball as Uint8Array<ArrayBuffer>]), ownThread: true });
    try {
      expect(await countOf(opened)).toBe(copy.read[0]!.n);
    } finally {
      await opened.close();
    }
  });

  it("fails a start whose data cannot be opened", async () => {
    await expect(openDatabase({ loadDataDir: new Blob(["not a data folder"]), ownThread: true })).rejects.toThrow();
  });

  it("answers statements after it has stopped as a database that is away (503), not with a hang", async () => {
    const stopping = await openDatabase({ ownThread: true });
    await stopping.close();
    const failure = await stopping.db.execute(sql`select 1`).catch((error: unknown) => error);
    expect(isDatabaseAway(failure)).toBe(true);
  });
});
