import { FieldFrame, hintIdOf } from "./FieldFrame";
import { inputProps, type FieldMeta } from "./field-props";

/** A labelled text input with its hint and messages tied to it (aria-describedby). */
export function TextField({
  meta,
  label,
  hint,
  type = "text",
  autoComplete,
}: {
  meta: FieldMeta;
  label: string;
  hint?: string;
  type?: "text" | "email" | "tel" | "date";
  autoComplete?: string;
}) {
  return (
    <FieldFrame controlId={meta.id} label={label} hint={hint} errorId={meta.errorId} errors={meta.errors}>
      <input {...inputProps(meta, { type, ariaDescribedBy: hintIdOf(meta.id, hint) })} autoComplete={autoComplete} />
    </FieldFrame>
  );
}
