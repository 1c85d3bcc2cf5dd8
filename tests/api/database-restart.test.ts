import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { customers } from "../../api/db/schema";
import { useTenantTestApi } from "../support/api";

const api = useTenantTestApi();

/** Ends every connection to the test database, as a PostgreSQL restart or failover does. */
async function terminateEveryBackend() {
  const { rows } = (await api.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: Array<{ name: string }> };
  const name = rows[0]!.name;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const { rowCount } = await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]);
  await admin.end();
  return rowCount ?? 0;
}

const createCustomer = (name: string) =>
  api.call("/customers", { method: "POST", body: JSON.stringify({ name }), headers: { "Content-Type": "application/json" } });

// Only PostgreSQL has connections to lose; PGlite runs inside the process.
describe.skipIf(!process.env.TEST_DATABASE_URL)("the database going away and coming back", () => {
  it("answers 503 with Retry-After meanwhile, loses no acknowledged write, and serves again by itself", async () => {
    const acknowledged: number[] = [];
    const refusals: Response[] = [];
    let writing = true;
    const writer = async (worker: number) => {
      for (let n = 0; writing; n += 1) {
        const response = await createCustomer(`取引先${worker}-${n}`);
        if (response.status === 201) acknowledged.push((await response.json()).id);
        else {
          expect(response.status).toBe(503);
          refusals.push(response);
        }
      }
    };
    const writers = [1, 2, 3, 4].map(writer);
    for (let round = 0; round < 3; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await terminateEveryBackend()).toBeGreaterThan(0);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    writing = false;
    await Promise.all(writers);

    for (const refusal of refusals) {
      expect(refusal.headers.get("retry-after")).toBe("5");
      expect(await refusal.json()).toEqual({ code: "service_unavailable", message: "ただいまサービスに接続できません。しばらくしてから再度お試しください。" });
    }
    let resumed = await createCustomer("再開後の取引先");
    for (let attempt = 0; resumed.status !== 201 && attempt < 20; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      resumed = await createCustomer("再開後の取引先");
    }
    expect(resumed.status).toBe(201);
    const stored = (await api.database.db.select({ id: customers.id }).from(customers)).map((row) => row.id);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(stored).toEqual(expect.arrayContaining(acknowledged));
  }, 60_000);
});
