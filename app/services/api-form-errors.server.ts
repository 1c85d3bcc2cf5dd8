import type { Submission, SubmissionResult } from "@conform-to/react";
import { PaymentApiValidationError } from "./payment-api.server";

/** The API names nested fields `lines[0][quantity]`; conform names them `lines[0].quantity`. */
export function formFieldName(apiField: string): string {
  return apiField.replace(/\[([A-Za-z_]\w*)\]/g, ".$1");
}

/**
 * The one way a form shows the Payment API's refusal of its input (409, 413,
 * 415, 422, 429): the message at the top, each field's messages beside the
 * field the API names, and everything typed kept, with the API's status.
 * Anything else is rethrown, so the error boundary still shows 401, 403, 404,
 * maintenance and real failures.
 */
export function apiErrorReply(
  submission: Pick<Submission<unknown>, "reply">,
  error: unknown,
  fieldName: (apiField: string) => string = formFieldName,
  onForm: (formField: string) => boolean = () => true,
): { result: SubmissionResult<string[]>; status: number } {
  if (!(error instanceof PaymentApiValidationError)) throw error;
  const fields = Object.entries(error.fields).map(([field, messages]) => [fieldName(field), messages] as const);
  // A refusal about something the form has no field for is said at the top, where it can be read.
  const formErrors = [error.message, ...fields.filter(([field]) => !onForm(field)).flatMap(([, messages]) => messages)];
  return { result: submission.reply({ formErrors, fieldErrors: Object.fromEntries(fields.filter(([field]) => onForm(field))) }), status: error.status };
}
