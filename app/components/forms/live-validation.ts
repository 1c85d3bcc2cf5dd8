import { parse, type Submission } from "@conform-to/react";
import { useCallback, useRef, useState } from "react";

/** A validation module: conform's check of a form's data (zod inside), loaded when the form is first used. */
export type LiveValidation<Output> = { validate: (formData: FormData) => Submission<Output> };

/**
 * Live validation without zod in the page's first JavaScript (decision 004).
 *
 * The schema and zod come in a chunk that is imported the first time the
 * person focuses or presses inside the form, not when the page loads: the page
 * renders and hydrates without them (the constraint attributes come from the
 * loader). Until that chunk is there, a blur judges nothing and a submit goes
 * to the server, which validates as it does with JavaScript off; from then on
 * the messages appear beside the fields as before.
 */
export function useLiveValidation<Validation extends LiveValidation<unknown>>(load: () => Promise<Validation>) {
  type Result = ReturnType<Validation["validate"]>;
  const [validation, setValidation] = useState<Validation | null>(null);
  const requested = useRef(false);
  const start = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    // A failed download (a chunk of an older build) is the deployment watcher's: it reloads the page.
    void load().then((loaded) => setValidation(() => loaded));
    // `load` is a module import: the same on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const onValidate = ({ formData }: { formData: FormData }): Result =>
    (validation ? validation.validate(formData) : parse(formData, { resolve: () => ({ value: undefined }) })) as Result;
  return { onValidate, formProps: { onFocus: start, onPointerDown: start } };
}
