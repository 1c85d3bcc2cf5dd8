import type { Database } from "../../api/db/client";
import { banks } from "../../api/db/schema";
import { receivedDetailAnswer, receivedUploadsAnswer, type ReceivedUploadAnswer } from "../../domain/received-answers";
import { insertPlans } from "./factories";
import type { FixtureUserName } from "./users";

export { anotherScan, PNG_BYTES } from "./files";

type ApiCaller = { call: (path: string, init?: RequestInit & { as?: FixtureUserName | null }) => Promise<Response> };

/** Every bank of the test database offers receiving (SPEC §3 enable_payment_receive), and the plans master has its file limits. */
export async function enableReceiving(db: Database): Promise<void> {
  await insertPlans(db);
  await db.update(banks).set({ enablePaymentReceive: true });
}

/** Files uploaded for a received document's form, through POST /received-documents/uploads, read with the contract the web app parses with. */
export async function uploadReceived(api: ApiCaller, files: Array<{ name: string; bytes: Uint8Array }>, as: FixtureUserName = "owner") {
  const form = new FormData();
  for (const file of files) form.append("files", new Blob([file.bytes as Uint8Array<ArrayBuffer>]), file.name);
  const response = await api.call("/received-documents/uploads", { method: "POST", body: form, as });
  if (response.status !== 201) throw new Error(`upload refused (${response.status}): ${await response.text()}`);
  // The API answers one upload per file sent, in order.
  return receivedUploadsAnswer.parse(await response.json()).uploads as [ReceivedUploadAnswer, ...ReceivedUploadAnswer[]];
}

/** A received document (an invoice unless `kind` says otherwise) through POST /received-documents, read with the contract the web app parses with. */
export async function createReceived(api: ApiCaller, fields: Record<string, unknown>, as: FixtureUserName = "owner") {
  const response = await api.call("/received-documents", {
    method: "POST",
    body: JSON.stringify({ kind: "invoice", ...fields }),
    headers: { "Content-Type": "application/json" },
    as,
  });
  if (response.status !== 201) throw new Error(`received document not created (${response.status}): ${await response.text()}`);
  return receivedDetailAnswer.parse(await response.json());
}
