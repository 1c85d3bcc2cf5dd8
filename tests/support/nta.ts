import { once } from "node:events";
import { createWriteStream } from "node:fs";
import type { AddressInfo } from "node:net";
import express from "express";
import { NTA_FIELDS, type NtaRecord } from "../../api/registration-numbers/record";
import { createSandboxNtaWebApi } from "../../sandbox/nta-web-api";
import { SANDBOX_NTA_APPLICATION_ID } from "../../sandbox/nta-fixture";

/** Text fields the NTA quotes in its bulk CSV; codes and dates are written bare. */
const QUOTED = new Set(["registratedNumber", "address", "addressRequest", "kana", "name", "addressInside", "tradeName", "popularName_previousName"]);

/** One record as a line of the NTA's bulk CSV: 24 columns, no header, RFC 4180 quoting, CRLF. */
export function bulkCsvLine(record: NtaRecord, sequence: number): string {
  const cells = NTA_FIELDS.map((field) => {
    const value = field === "sequenceNumber" ? String(sequence) : record[field];
    return QUOTED.has(field) ? `"${value.replaceAll('"', '""')}"` : value;
  });
  return `${cells.join(",")}\r\n`;
}

/** Writes records to a bulk CSV file as they come, waiting when the disk is behind. */
export async function writeBulkCsv(path: string, records: Iterable<NtaRecord>): Promise<void> {
  const out = createWriteStream(path);
  let sequence = 0;
  for (const record of records) {
    if (!out.write(bulkCsvLine(record, ++sequence))) await once(out, "drain");
  }
  out.end();
  await once(out, "finish");
}

/** The sandbox's NTA stand-in on a port of its own, as the tests' NTA. */
export async function startNtaStandIn() {
  const app = express();
  app.use(createSandboxNtaWebApi());
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    applicationId: SANDBOX_NTA_APPLICATION_ID,
    close: async () => {
      // The stand-in's unanswered request stays open: cut it.
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
