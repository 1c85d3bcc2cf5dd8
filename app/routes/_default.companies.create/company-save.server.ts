import { meAnswer } from "@domain/account-answers";
import { callBankService } from "../../services/bank-service.server";
import { isNotFound, notFound } from "../../services/errors.server";
import { askPaymentApi, type PaymentApiCaller } from "../../services/payment-api.server";

/**
 * SPEC §6: before the own-company profile is saved, the current user must
 * exist in both the bank service and the payment service; otherwise the
 * 404 error page.
 */
export async function requireCompanySavePrecondition(
  caller: PaymentApiCaller,
  addresses: { paymentApi?: string; bankService?: string } = {},
): Promise<void> {
  const [bankUser, paymentUser] = await Promise.all([
    callBankService(caller.idToken, "/user/me", addresses.bankService),
    askPaymentApi(caller, "/user_service/me", meAnswer, {}, addresses.paymentApi).catch((thrown: unknown) => {
      if (isNotFound(thrown)) return null;
      throw thrown;
    }),
  ]);
  if (!bankUser || !paymentUser) throw notFound();
}
