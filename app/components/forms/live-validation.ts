import { parse, type Submission } from "@conform-to/react";
import { useLazyValidation } from "./lazy-validation";

/** A validation module: conform's check of a form's data (zod inside), loaded when the form is first used. */
export type LiveValidation<Output> = { validate: (formData: FormData) => Submission<Output> };

/** conform's onValidate with the check loaded on first use (useLazyValidation); from then on the messages appear beside the fields. */
export function useLiveValidation<Validation extends LiveValidation<unknown>>(load: () => Promise<Validation>) {
  type Result = ReturnType<Validation["validate"]>;
  const { validation, formProps } = useLazyValidation(load);
  const onValidate = ({ formData }: { formData: FormData }): Result =>
    (validation ? validation.validate(formData) : parse(formData, { resolve: () => ({ value: undefined }) })) as Result;
  return { onValidate, formProps };
}
