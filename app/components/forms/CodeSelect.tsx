import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { Code } from "@domain/codes";
import { FieldFrame } from "./FieldFrame";

/** A choice among a code list (SPEC §4/§5 codes), labelled and validated like every field. */
export function CodeSelect<Value>({ meta, label, codes }: { meta: FieldMetadata<Value>; label: string; codes: readonly Code<number | string>[] }) {
  const props = getSelectProps(meta);
  return (
    <FieldFrame controlId={meta.id} label={label} errorId={meta.errorId} errors={meta.errors}>
      <select {...props} key={props.key}>
        {codes.map((code) => (
          <option key={code.id} value={String(code.id)}>
            {code.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
