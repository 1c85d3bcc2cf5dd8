import type { Code } from "@domain/codes";
import { FieldFrame, hintIdOf } from "./field-frame";

/*
 * The field components and the attributes of their controls, in one module because the browser build makes a
 * chunk of each module that several pages share, and a chunk costs about 0.2 KiB of its own (decision 020). The
 * frame and the messages (field-frame.tsx) are apart: many pages show them without these controls.
 */

/**
 * What the field components need of a field. conform's FieldMetadata has
 * these, and so does a field of the light form (light-form.ts), so one set of
 * field components serves both without bringing conform to a page that does
 * not use it.
 */
export type FieldMeta = {
  id: string;
  name: string;
  errorId: string;
  formId?: string;
  errors?: string[];
  initialValue?: unknown;
  /** What the field holds now. */
  value?: unknown;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  pattern?: string;
  multiple?: boolean;
};

/** The attributes every control gets, as conform's getInputProps gives them: constraints, and aria tied to the messages. */
function controlProps(meta: FieldMeta, ariaDescribedBy: string | undefined) {
  const invalid = meta.errors !== undefined;
  return {
    id: meta.id,
    name: meta.name,
    form: meta.formId,
    required: meta.required || undefined,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? `${meta.errorId} ${ariaDescribedBy ?? ""}`.trim() : ariaDescribedBy,
  };
}

// Empty is no value, as in conform's normalised values: the markup carries no empty value attribute.
const initialText = (meta: FieldMeta) => (typeof meta.initialValue === "string" && meta.initialValue !== "" ? meta.initialValue : undefined);
const initialChoice = (meta: FieldMeta) =>
  Array.isArray(meta.initialValue)
    ? meta.initialValue.map((value) => String(value ?? ""))
    : meta.initialValue == null || meta.initialValue === ""
    ? undefined
    : String(meta.initialValue);
/** No defaultValue at all when there is none: React hydrating `defaultValue={undefined}` writes an empty value attribute. */
const initially = <Value,>(value: Value | undefined) => (value === undefined ? {} : { defaultValue: value });

export function inputProps(meta: FieldMeta, { type, ariaDescribedBy }: { type: "text" | "email" | "tel" | "date"; ariaDescribedBy?: string }) {
  return {
    ...controlProps(meta, ariaDescribedBy),
    type,
    minLength: meta.minLength,
    maxLength: meta.maxLength,
    min: meta.min,
    max: meta.max,
    step: meta.step,
    pattern: meta.pattern,
    ...initially(initialText(meta)),
  };
}

/** A checkbox sending "on" when ticked; ticked when that is its value. Never `required`: leaving it unticked is an answer. */
export function checkboxProps(meta: FieldMeta) {
  return { ...controlProps(meta, undefined), required: undefined, type: "checkbox" as const, value: "on", defaultChecked: meta.initialValue === "on" };
}

/**
 * A hidden field follows what the form holds: React writes a hidden input's defaultValue on every
 * render, and for a hidden input that is its value, which would undo a value the page set.
 */
export function hiddenProps(meta: FieldMeta) {
  return { id: meta.id, name: meta.name, form: meta.formId, type: "hidden" as const, value: String(meta.value ?? meta.initialValue ?? "") };
}

export function selectProps(meta: FieldMeta) {
  return { ...controlProps(meta, undefined), multiple: meta.multiple, ...initially(initialChoice(meta)) };
}

export function textareaProps(meta: FieldMeta, { ariaDescribedBy }: { ariaDescribedBy?: string }) {
  return {
    ...controlProps(meta, ariaDescribedBy),
    minLength: meta.minLength,
    maxLength: meta.maxLength,
    ...initially(initialChoice(meta) as string | undefined),
  };
}

/** A group of radio buttons or checkboxes with one name, as conform's getCollectionProps gives them. */
export function choicesProps(meta: FieldMeta, type: "radio" | "checkbox", options: readonly string[]) {
  const chosen = (option: string) =>
    type === "checkbox" && Array.isArray(meta.initialValue) ? meta.initialValue.includes(option) : meta.initialValue === option;
  return options.map((option) => ({
    ...controlProps(meta, undefined),
    // A required checkbox group would ask for every box to be ticked, not one.
    required: type === "checkbox" ? undefined : meta.required || undefined,
    key: option,
    id: `${meta.id}-${option}`,
    type,
    value: option,
    defaultChecked: chosen(option),
  }));
}

/** A labelled text input with its hint and messages tied to it (aria-describedby). */
export function TextField({
  meta,
  label,
  hint,
  type = "text",
  autoComplete,
  inputMode,
  list,
}: {
  meta: FieldMeta;
  label: string;
  hint?: string;
  type?: "text" | "email" | "tel" | "date";
  autoComplete?: string;
  inputMode?: "decimal" | "numeric";
  /** A datalist's id: choices offered as the person types. */
  list?: string;
}) {
  return (
    <FieldFrame controlId={meta.id} label={label} hint={hint} errorId={meta.errorId} errors={meta.errors}>
      <input {...inputProps(meta, { type, ariaDescribedBy: hintIdOf(meta.id, hint) })} autoComplete={autoComplete} inputMode={inputMode} list={list} />
    </FieldFrame>
  );
}

/** A choice among a code list (SPEC §4/§5 codes), labelled and validated like every field. */
export function CodeSelect({ meta, label, codes }: { meta: FieldMeta; label: string; codes: ReadonlyArray<Pick<Code<number | string>, "id" | "label">> }) {
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

/** A labelled multi-line field with its hint and messages tied to it, like TextField. */
export function TextAreaField({ meta, label, hint, rows }: { meta: FieldMeta; label: string; hint?: string; rows: number }) {
  return (
    <FieldFrame controlId={meta.id} label={label} hint={hint} errorId={meta.errorId} errors={meta.errors}>
      <textarea {...textareaProps(meta, { ariaDescribedBy: hintIdOf(meta.id, hint) })} rows={rows} />
    </FieldFrame>
  );
}
