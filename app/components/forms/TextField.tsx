import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldFrame, hintIdOf } from "./FieldFrame";

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
  type?: "text" | "email" | "tel" | "date";
  autoComplete?: string;
}) {
  const props = getInputProps(meta, { type, ariaDescribedBy: hintIdOf(meta.id, hint) });
  return (
    <FieldFrame controlId={meta.id} label={label} hint={hint} errorId={meta.errorId} errors={meta.errors}>
      <input {...props} key={props.key} autoComplete={autoComplete} />
    </FieldFrame>
  );
}
