/**
 * A statement Drizzle builds once per database handle (or transaction) and then runs with its values
 * (`sql.placeholder`): otherwise it builds the same SQL again on every call, about a fifth of a millisecond for each of
 * the pages' hot reads (ADR 020, "Server cost per page"). Unnamed on PostgreSQL: a named statement lives on one
 * server connection, which a bank's connection pooler in transaction mode does not keep for us (decision 050).
 */
export function preparedPerHandle<Handle extends object, Statement>(build: (db: Handle) => { prepare: (name: string) => Statement }): (db: Handle) => Statement {
  const built = new WeakMap<Handle, Statement>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db).prepare("");
      built.set(db, statement);
    }
    return statement;
  };
}
