import type { ReactNode } from "react";
import { FieldErrors } from "./FieldErrors";

/** The hint's id for a control's aria-describedby, when there is a hint. */
export const hintIdOf = (controlId: string, hint: string | undefined) => (hint ? `${controlId}-hint` : undefined);

/** What every field shows around its control: the label, an optional hint and the messages. */
export function FieldFrame({
  controlId,
  label,
  hint,
  errorId,
  errors,
  children,
}: {
  controlId: string;
  label: string;
  hint?: string;
  errorId: string;
  errors: string[] | undefined;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <label htmlFor={controlId}>{label}</label>
      {children}
      {hint ? (
        <p id={hintIdOf(controlId, hint)} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
