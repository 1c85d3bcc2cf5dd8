import { parse, protocol, type messages, type PGlite, type Results } from "@electric-sql/pglite";

type BackendMessage = messages.BackendMessage;
type RowDescriptionMessage = messages.RowDescriptionMessage;

/**
 * Statements PGlite keeps parsed and planned (decision 052). PGlite's own query() sends every statement unnamed:
 * PostgreSQL parses, analyses and plans it again each time, and asks the files' sizes as it plans; that was most of
 * a page's time in this thread (0.9 ms for the smallest read of a table, 0.13 ms as a named statement). Here each
 * statement text is parsed once into a named statement, with its parameter types and row description, and then only
 * bound and executed; PostgreSQL's plan cache decides between custom and generic plans as it does for any client.
 * The last MAX_STATEMENTS texts are kept (lists make a text per count of ids); the oldest is closed.
 */
const MAX_STATEMENTS = 300;

/** "cached plan must not change result type": the statement's tables have other columns now. */
const PLAN_CHANGED_RESULT_TYPE = "0A000";

type Statement = { name: string; parameterTypes: number[]; rowDescription: RowDescriptionMessage | undefined };

/** A statement that failed is parsed again next time: a change of the schema may have made it fail. */
export class NamedStatements {
  readonly #pg: PGlite;
  readonly #statements = new Map<string, Statement>();
  /** Names of statements dropped (failed, or the least recently used), closed before the next statement runs. */
  readonly #forgotten: string[] = [];
  #next = 1;

  constructor(pg: PGlite) {
    this.#pg = pg;
  }

  /**
   * As PGlite's query() outside a transaction: it waits for an open one to end, and no statement runs beside it. A
   * statement whose tables changed under it since it was parsed is parsed again, as an unnamed one would be.
   */
  async query<T>(text: string, params: readonly unknown[], rowMode: "array" | "object" | undefined): Promise<Results<T>> {
    const once = () => this.#pg._runExclusiveTransaction(() => this.#pg._runExclusiveQuery(() => this.#run<T>(text, params, rowMode)));
    try {
      return await once();
    } catch (error) {
      if ((error as { code?: unknown }).code === PLAN_CHANGED_RESULT_TYPE) return once();
      throw error;
    }
  }

  async #run<T>(text: string, params: readonly unknown[], rowMode: "array" | "object" | undefined): Promise<Results<T>> {
    await this.#closeForgotten();
    const messages: BackendMessage[] = [];
    let statement: Statement | undefined;
    try {
      statement = await this.#statementOf(text);
      messages.push(...(await this.#send(protocol.serialize.bind({ statement: statement.name, values: this.#values(statement, params) }))));
      if (statement.rowDescription) messages.push(statement.rowDescription);
      messages.push(...(await this.#send(protocol.serialize.execute({}))));
    } catch (error) {
      if (statement) this.#forget(text, statement);
      throw error;
    } finally {
      messages.push(...(await this.#send(protocol.serialize.sync())));
    }
    await this.#pg.syncToFs();
    return parse.parseResults(messages, this.#pg.parsers, { rowMode })[0] as Results<T>;
  }

  async #statementOf(text: string): Promise<Statement> {
    const known = this.#statements.get(text);
    if (known) {
      // Most recently used last: the first is the one to close.
      this.#statements.delete(text);
      this.#statements.set(text, known);
      return known;
    }
    if (this.#statements.size >= MAX_STATEMENTS) {
      const [oldestText, oldest] = this.#statements.entries().next().value!;
      this.#forget(oldestText, oldest);
      await this.#closeForgotten();
    }
    const name = `chohyo_${this.#next++}`;
    await this.#send(protocol.serialize.parse({ name, text }));
    let described: BackendMessage[];
    try {
      described = await this.#send(protocol.serialize.describe({ type: "S", name }));
    } catch (error) {
      this.#forgotten.push(name);
      throw error;
    }
    const statement: Statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((message): message is RowDescriptionMessage => message.name === "rowDescription"),
    };
    this.#statements.set(text, statement);
    return statement;
  }

  /** Each value as PGlite's query() sends it: by the serializer of the parameter's type, or as text. */
  #values(statement: Statement, params: readonly unknown[]): Array<string | null> {
    return params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serialize = this.#pg.serializers[statement.parameterTypes[index]!];
      return serialize ? serialize(param) : String(param);
    });
  }

  /** Closed before the next statement, when no failed one waits for its Sync (PostgreSQL skips messages until then). */
  #forget(text: string, statement: Statement): void {
    if (this.#statements.get(text) === statement) this.#statements.delete(text);
    this.#forgotten.push(statement.name);
  }

  async #closeForgotten(): Promise<void> {
    if (this.#forgotten.length === 0) return;
    for (const name of this.#forgotten.splice(0)) await this.#send(protocol.serialize.close({ type: "S", name }));
    await this.#send(protocol.serialize.sync());
  }

  async #send(message: Uint8Array): Promise<BackendMessage[]> {
    return (await this.#pg.execProtocol(message, { syncToFs: false })).messages;
  }
}
