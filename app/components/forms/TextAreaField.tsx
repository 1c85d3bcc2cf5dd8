import { FieldFrame, hintIdOf } from "./FieldFrame";
import { textareaProps, type FieldMeta } from "./field-props";

/** A labelled multi-line field with its hint and messages tied to it, like TextField. */
export function TextAreaField({ meta, label, hint, rows }: { meta: FieldMeta; label: string; hint?: string; rows: number }) {
  return (
    <FieldFrame controlId={meta.id} label={label} hint={hint} errorId={meta.errorId} errors={meta.errors}>
      <textarea {...textareaProps(meta, { ariaDescribedBy: hintIdOf(meta.id, hint) })} rows={rows} />
    </FieldFrame>
  );
}
