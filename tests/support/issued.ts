import { todayJst } from "../../domain/datetime";
import type { TestApi } from "./api";
import { createDocument } from "./factories";
import type { FixtureUserName } from "./users";

/** A JSON post for api.call. */
export const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

/** One line at 10 %: `amount` tax excluded, a tenth more tax included. */
export const linesOf = (amount: number) => [{ description: "作業", quantity: "1", unit_price: String(amount), tax_rate: "10" }];

/** The answer's JSON; anything but 2xx fails the test with the API's message. */
export async function ok(response: Response) {
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  return response.json();
}

/** The JST calendar day `offset` days from today. */
export function days(offset: number): string {
  const date = new Date(`${todayJst()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** A document made as a client makes it, issued, then moved to `status` (入金済 by paying its amount due, decision 033) or voided. */
export async function issued(
  api: TestApi,
  fields: { kind?: string; issue_date: string; customer_name: string; amount: number; due_date?: string; status?: number; voided?: boolean },
  as: FixtureUserName = "owner",
) {
  const { amount, status, voided, ...rest } = fields;
  const draft = await createDocument(api, { ...rest, lines: linesOf(amount) }, as);
  await ok(await api.call(`/documents/${draft.id}/issue`, { method: "POST", as }));
  if (status === 4 && (rest.kind ?? "invoice") === "invoice") {
    const { amount_due } = await ok(await api.call(`/documents/${draft.id}/payments`, { as }));
    await ok(await api.call(`/documents/${draft.id}/payments`, { ...post({ paid_on: rest.issue_date, amount: amount_due, method: "transfer" }), as }));
  } else if (status !== undefined) await ok(await api.call(`/documents/${draft.id}/status`, { ...post({ status }), as }));
  if (voided) await ok(await api.call(`/documents/${draft.id}/void`, { method: "POST", as }));
  return draft as { id: number; number: string };
}
