import { z } from "zod";
import { isoDate } from "./answer-fields";
import { PLAN_STATUSES } from "./plans";
import { PAYMENT_ROLE } from "./roles";

/**
 * The Payment API's answers about the signed-in company's users, plan and bank, as they arrive (snake_case, dates as
 * YYYY-MM-DD, times as ISO text): the API's tests read its answers with these and the web app parses with them
 * (issue 35). Fields the web app does not use are left out and dropped by parsing.
 */

const paymentRole = z.union([z.literal(PAYMENT_ROLE.invalid), z.literal(PAYMENT_ROLE.owner), z.literal(PAYMENT_ROLE.user)]);

/** The caller's own payment user, as /user_service/me and the sign-in's /user_service/signed_in answer. */
export const meAnswer = z.object({ role: paymentRole });

/** A payment service user as the owner's endpoints answer it. */
export const paymentUserAnswer = z.object({
  user_unique_code: z.string(),
  role: paymentRole,
  registration_status: z.number().int(),
  reference_id: z.number().int(),
  receive_reference_id: z.number().int(),
  last_signed_in_at: z.string().nullable(),
  version: z.number().int(),
});
export type PaymentUserAnswer = z.output<typeof paymentUserAnswer>;

export const paymentUsersAnswer = z.object({ users: z.array(paymentUserAnswer) });

/** What the session keeps of the company's plan. */
export const planInfoForSessionAnswer = z.object({
  plan_id: z.number().int(),
  previous_plan_id: z.number().int().nullable(),
  is_subscribe_cancellation: z.boolean(),
  withdrawal_date: isoDate.nullable(),
});
export type PlanInfoForSessionAnswer = z.output<typeof planInfoForSessionAnswer>;

/** The company's plan as its owner's settings and plan pages show it: amounts in yen, tax excluded and included. */
export const planInfoAnswer = planInfoForSessionAnswer.extend({
  plan_name: z.string(),
  join_date: isoDate.nullable(),
  start_date: isoDate.nullable(),
  status: z.enum(PLAN_STATUSES),
  is_free_term: z.boolean(),
  is_contract: z.boolean(),
  is_plan_changed: z.boolean(),
  plan_changed_on: isoDate.nullable(),
  is_campaign_applied: z.boolean(),
  applied_campaign_num_of_months: z.number().int().nullable(),
  applied_campaign_start_date: isoDate.nullable(),
  applied_campaign_finish_date: isoDate.nullable(),
  retained_until: isoDate.nullable(),
  current_amount: z.number(),
  current_total_amount: z.number(),
  amount: z.number(),
  total_amount: z.number(),
  max_receive_files: z.number().int(),
  version: z.number().int(),
});
export type PlanInfoAnswer = z.output<typeof planInfoAnswer>;

/** The caller's bank's switch for receiving. */
export const bankReceivingAnswer = z.object({ enable_payment_receive: z.boolean() });

/** A stored file of the company (its logo or stamp), base64 with its type. */
export const storedFileAnswer = z.object({ file: z.string(), content_type: z.string() });

/** A plan as the bank offers it: monthly amounts in yen, tax excluded and included. */
export const offeredPlanAnswer = z.object({
  plan_id: z.number().int(),
  plan_name: z.string(),
  amount: z.number(),
  total_amount: z.number(),
  issue_amount: z.number(),
  issue_total_amount: z.number(),
  receive_amount: z.number(),
  receive_total_amount: z.number(),
  max_receive_files: z.number().int(),
});
export type OfferedPlanAnswer = z.output<typeof offeredPlanAnswer>;

const campaign = z.object({ free_months: z.number().int(), start_date: isoDate, finish_date: isoDate });

/** What registering offers the company's owner today: plans, the terms to agree to, a campaign and when charging starts. */
export const registrationAnswer = z.object({
  registered: z.boolean(),
  plans: z.array(offeredPlanAnswer),
  terms: z.array(z.object({ id: z.number().int(), kind: z.enum(["bank", "product", "id"]), title: z.string(), version: z.string(), body: z.string(), published_at: z.string() })),
  campaign: campaign.nullable(),
  /** domain/plans registrationTerms. */
  schedule: z.object({
    join_date: isoDate,
    start_date: isoDate,
    campaign: campaign.extend({ applied_start_date: isoDate, applied_finish_date: isoDate }).nullable(),
  }),
  payment_method: z.enum(["debit", "card"]).nullable(),
  /** The API decides, asking the bank's service: the bank wants a payment method and neither it nor the product has one. */
  asks_payment_method: z.boolean(),
});
export type RegistrationAnswer = z.output<typeof registrationAnswer>;

export const registeredAnswer = z.object({ plan_id: z.number().int() });

/** The plans addplan or changeplan may move to today. */
export const planChangeOptionsAnswer = z.object({
  current_plan: offeredPlanAnswer.nullable(),
  current_plan_id: z.number().int(),
  version: z.number().int(),
  plans: z.array(offeredPlanAnswer),
  charged_from: isoDate,
});
export type PlanChangeOptionsAnswer = z.output<typeof planChangeOptionsAnswer>;

export const planChangedAnswer = z.object({ charged_from: isoDate });

export const cancellationAnswer = z.object({ withdrawal_date: isoDate });
