import type { Proposal } from "~/routes/__payments/payments.server";

/** A proposal's invoices: the one, or those of まとめ払い. */
export const invoiceIdsOf = (proposal: Proposal) => proposal.invoices?.map((invoice) => invoice.document_id) ?? [proposal.document_id];

/** A proposal as the statement form's radio value (the page draws it, the action reads it): the invoice ids joined by dots, a colon, the fee. */
export const choiceOf = (proposal: Proposal) => `${invoiceIdsOf(proposal).join(".")}:${proposal.fee}`;
