import type { ReactNode } from "react";

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

/** The messages under a field; its id is what the input's aria-describedby points at. */
export function FieldErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <div id={id}>
      {errors.map((message) => (
        <p key={message} className="field__error">
          {message}
        </p>
      ))}
    </div>
  );
}

/** Messages about the whole form (the server's answer), announced and shown above the fields. */
export function FormErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <div className="card form-errors" role="alert" id={id}>
      {errors.map((message) => (
        <p key={message} className="field__error">
          {message}
        </p>
      ))}
    </div>
  );
}
