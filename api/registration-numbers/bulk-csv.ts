import { createReadStream } from "node:fs";
import { basename } from "node:path";
import { Unzip, UnzipInflate } from "fflate";

/**
 * An RFC 4180 reader fed piece by piece: quoted fields may hold commas,
 * doubled quotes and line breaks, and a piece may end anywhere (inside a
 * quoted field, between the two quotes of an escaped one, between CR and LF).
 * Only complete records come out, so memory is one record plus one piece.
 */
export class CsvRecordReader {
  private field = "";
  private record: string[] = [];
  private quoted = false;
  /** Inside a quoted field, a quote was the piece's last character: an escape or the closing quote. */
  private quoteSeen = false;
  private atFieldStart = true;
  /** A record ended with CR: a LF right after belongs to it. */
  private skipLineFeed = false;
  private static readonly DELIMITER = /[,\r\n]/g;

  push(text: string): string[][] {
    const records: string[][] = [];
    let i = 0;
    while (i < text.length) {
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false;
          if (text[i] === '"') {
            this.field += '"';
            i++;
            continue;
          }
          this.quoted = false;
          continue;
        }
        const quote = text.indexOf('"', i);
        if (quote < 0) {
          this.field += text.slice(i);
          break;
        }
        this.field += text.slice(i, quote);
        this.quoteSeen = true;
        i = quote + 1;
        continue;
      }
      const char = text[i];
      if (this.skipLineFeed) {
        this.skipLineFeed = false;
        if (char === "\n") {
          i++;
          continue;
        }
      }
      if (this.atFieldStart && char === '"') {
        this.quoted = true;
        this.atFieldStart = false;
        i++;
      } else if (char === ",") {
        this.endField();
        i++;
      } else if (char === "\n" || char === "\r") {
        this.endRecord(records);
        this.skipLineFeed = char === "\r";
        i++;
      } else {
        CsvRecordReader.DELIMITER.lastIndex = i;
        const end = CsvRecordReader.DELIMITER.exec(text)?.index ?? text.length;
        this.field += text.slice(i, end);
        this.atFieldStart = false;
        i = end;
      }
    }
    return records;
  }

  /** The last record when the text does not end with a line break; throws on an unclosed quote. */
  end(): string[][] {
    if (this.quoted && !this.quoteSeen) throw new Error("the file ends inside a quoted field");
    this.quoted = false;
    this.quoteSeen = false;
    const records: string[][] = [];
    if (!this.atFieldStart || this.record.length > 0) this.endRecord(records);
    return records;
  }

  private endField() {
    this.record.push(this.field);
    this.field = "";
    this.atFieldStart = true;
  }

  private endRecord(records: string[][]) {
    this.endField();
    // A blank line is no record.
    if (this.record.length > 1 || this.record[0] !== "") records.push(this.record);
    this.record = [];
  }
}

/** The records of one CSV text, decoded as UTF-8 (a BOM is dropped) while its bytes arrive. */
class CsvDecoder {
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  private readonly reader = new CsvRecordReader();

  constructor(private readonly name: string) {}

  push(bytes: Uint8Array): string[][] {
    return this.reader.push(this.decode(() => this.decoder.decode(bytes, { stream: true })));
  }

  end(): string[][] {
    return [...this.reader.push(this.decode(() => this.decoder.decode())), ...this.reader.end()];
  }

  private decode(decode: () => string): string {
    try {
      return decode();
    } catch {
      throw new Error(`${this.name}: not UTF-8 text`);
    }
  }
}

/** One record with where it came from, for messages about a bad row. */
export type BulkRecord = { fields: string[]; file: string; index: number };

async function* csvFileRecords(path: string): AsyncGenerator<BulkRecord> {
  const file = basename(path);
  const decoder = new CsvDecoder(file);
  let index = 0;
  for await (const bytes of createReadStream(path)) {
    for (const fields of decoder.push(bytes as Buffer)) yield { fields, file, index: ++index };
  }
  for (const fields of decoder.end()) yield { fields, file, index: ++index };
}

/**
 * The records of every CSV inside a ZIP, inflated as the archive is read:
 * fflate inflates synchronously inside push(), so what one read of the file
 * yields is handed on before the next read.
 */
async function* zipFileRecords(path: string): AsyncGenerator<BulkRecord> {
  const pending: BulkRecord[] = [];
  let failure: Error | null = null;
  let csvEntries = 0;
  const unzip = new Unzip((entry) => {
    const isCsv = /\.csv$/i.test(entry.name);
    const file = `${basename(path)}:${entry.name}`;
    const decoder = new CsvDecoder(file);
    let index = 0;
    if (isCsv) csvEntries++;
    // Every entry is started, also those that are read past (the signature, a readme), so none waits in memory.
    entry.ondata = (error, bytes, final) => {
      if (error) failure = error;
      if (failure || !isCsv) return;
      try {
        for (const fields of decoder.push(bytes)) pending.push({ fields, file, index: ++index });
        if (final) for (const fields of decoder.end()) pending.push({ fields, file, index: ++index });
      } catch (decodeError) {
        failure = decodeError as Error;
      }
    };
    entry.start();
  });
  unzip.register(UnzipInflate);
  const drain = function* () {
    if (failure) throw failure;
    yield* pending.splice(0);
  };
  for await (const bytes of createReadStream(path)) {
    unzip.push(bytes as Buffer);
    yield* drain();
  }
  unzip.push(new Uint8Array(0), true);
  yield* drain();
  if (csvEntries === 0) throw new Error(`${basename(path)}: the archive holds no CSV file`);
}

/** The records of a bulk file: the NTA's .zip or a .csv taken out of it. */
export function bulkFileRecords(path: string): AsyncGenerator<BulkRecord> {
  return /\.zip$/i.test(path) ? zipFileRecords(path) : csvFileRecords(path);
}
