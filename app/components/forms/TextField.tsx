import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "./FieldErrors";

/** A labelled text input with its hint and messages tied to it (aria-describedby via conform). */
export function TextField({
  meta,
  label,
  hint,
  type = "text",
  autoComplete,
}: {
  meta: FieldMetadata<string | number | null | undefined>;
  label: string;
  hint?: string;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
}) {
  const hintId = `${meta.id}-hint`;
  const props = getInputProps(meta, { type, ariaDescribedBy: hint ? hintId : undefined });
  return (
    <div className="field">
      <label htmlFor={meta.id}>{label}</label>
      <input {...props} key={props.key} autoComplete={autoComplete} />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
