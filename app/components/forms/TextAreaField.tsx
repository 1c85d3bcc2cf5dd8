import { getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FieldFrame, hintIdOf } from "./FieldFrame";

/** A labelled multi-line field with its hint and messages tied to it, like TextField. */
export function TextAreaField({ meta, label, hint, rows }: { meta: FieldMetadata<string | string[] | null | undefined>; label: string; hint?: string; rows: number }) {
  const props = getTextareaProps(meta, { ariaDescribedBy: hintIdOf(meta.id, hint) });
  return (
    <FieldFrame controlId={meta.id} label={label} hint={hint} errorId={meta.errorId} errors={meta.errors}>
      <textarea {...props} key={props.key} rows={rows} />
    </FieldFrame>
  );
}
