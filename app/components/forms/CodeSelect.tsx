import type { Code } from "@domain/codes";
import { FieldFrame } from "./FieldFrame";
import { selectProps, type FieldMeta } from "./field-props";

/** A choice among a code list (SPEC §4/§5 codes), labelled and validated like every field. */
export function CodeSelect({ meta, label, codes }: { meta: FieldMeta; label: string; codes: readonly Code<number | string>[] }) {
  return (
    <FieldFrame controlId={meta.id} label={label} errorId={meta.errorId} errors={meta.errors}>
      <select {...selectProps(meta)}>
        {codes.map((code) => (
          <option key={code.id} value={String(code.id)}>
            {code.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
