import type { SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useRef, useState, type FocusEvent, type FormEvent, type MouseEvent } from "react";
import type { FieldMeta } from "./fields";

/**
 * A form's state without conform in the browser (decision 020).
 *
 * conform is about 10 KiB of a form page; this keeps what our forms use of it
 * in about one. The inputs are uncontrolled: the server renders them from the
 * values, the browser keeps what is typed (also before hydration), and the
 * state is read back from the form element. Names, ids and the list buttons
 * are conform's, because the actions still parse posts with conform: without
 * JavaScript 「追加」 and 「削除」 are conform intents the action answers, with
 * it they change the list here. A server answer (`lastResult`) mounts the
 * fields anew from the values it returns, as conform does. Messages come from
 * the server's answer, and once the form's check is loaded (useLazyValidation)
 * from the same check run here: a field's on blur and then on each input, all
 * of them on submit.
 */

type Values = Record<string, unknown>;
type Errors = Record<string, string[]>;
/** getZodConstraint's answer: constraints by name, a list's rows as `list[]`. */
type Constraint = Record<string, Omit<FieldMeta, "id" | "name" | "errorId">>;
type Row = { key: string; initial: unknown };
/** A loaded check: conform's parse of the form's data against its schema (parse-form.ts). */
export type FormCheck = { validate: (formData: FormData) => { status?: string; error?: Record<string, string[] | null> | null } };

/** conform's field names: `name`, `list[index]` or `list[index].name`. */
const FIELD_PATH = /^(\w+)(?:\[(\d+)\](?:\.(\w+))?)?$/;
/** Names of the buttons that say what a post is for, not part of the values. */
const NOT_VALUES = new Set(["intent", "__intent__"]);

function append(values: Values, name: string, value: unknown) {
  const previous = values[name];
  values[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
}

/** The form's values as conform reads them: rows of lists as arrays, a name sent twice (a checkbox group) as an array. */
function valuesOf(form: HTMLFormElement): Values {
  const values: Values = {};
  for (const [name, value] of new FormData(form)) {
    if (NOT_VALUES.has(name) || typeof value !== "string") continue;
    const [, base, index, field] = FIELD_PATH.exec(name) ?? [];
    if (!base || index === undefined) {
      append(values, name, value);
      continue;
    }
    const rows = (values[base] ??= []) as unknown[];
    if (field === undefined) rows[Number(index)] = value;
    else append((rows[Number(index)] ??= {}) as Values, field, value);
  }
  return values;
}

/** Each field's value by its name (`list[0].name`), a name sent twice joined, to compare two sets of values. */
function leavesOf(values: Values, prefix = ""): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [name, value] of Object.entries(values)) {
    const path = prefix ? `${prefix}.${name}` : name;
    if (Array.isArray(value) && value.some((entry) => typeof entry === "object" && entry !== null))
      value.forEach((row, index) => leavesOf((row ?? {}) as Values, `${path}[${index}]`).forEach((leaf, key) => leaves.set(key, leaf)));
    else if (Array.isArray(value)) value.forEach((entry, index) => leaves.set(`${path}[${index}]`, String(entry ?? "")));
    else leaves.set(path, String(value ?? ""));
  }
  return leaves;
}

/** Puts a value into a control as typing or choosing would (a checkbox is ticked by its value "on"). */
function setControl(form: HTMLFormElement | null, name: string, value: string) {
  const control = form?.elements.namedItem(name);
  if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) control.checked = value === control.value;
  else if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) control.value = value;
  else if (control instanceof RadioNodeList) control.value = value;
}

/**
 * The messages of a server's answer. An answer to a list's add or remove button (a conform intent, without
 * JavaScript) judged the whole form but shows only the list's own messages (a limit on its rows), as conform
 * does: an empty new row is not yet wrong.
 */
function answeredErrorsOf(lastResult: SubmissionResult<string[]> | undefined): Errors {
  const errors = errorsOf(lastResult?.error);
  if (!lastResult?.intent) return errors;
  const list = (lastResult.intent as { payload?: { name?: unknown } }).payload?.name;
  return typeof list === "string" && errors[list] ? { [list]: errors[list]! } : {};
}

function errorsOf(error: Record<string, string[] | null> | null | undefined): Errors {
  return Object.fromEntries(Object.entries(error ?? {}).filter((entry): entry is [string, string[]] => Boolean(entry[1]?.length)));
}

let lastRowKey = 0;
const rowKey = () => `row-${++lastRowKey}`;

function rowsOf(values: Values, lists: readonly string[]): Record<string, Row[]> {
  return Object.fromEntries(lists.map((list) => [list, (Array.isArray(values[list]) ? (values[list] as unknown[]) : []).map((initial) => ({ key: rowKey(), initial }))]));
}

export function useLightForm({
  id,
  lastResult,
  defaultValue,
  constraint = {},
  lists = [],
  validation,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: Values;
  constraint?: Constraint;
  /** The form's lists of rows, whose fields are named `list[index]` or `list[index].field`. */
  lists?: readonly string[];
  validation: FormCheck | null;
}) {
  const initialValues = (lastResult?.initialValue as Values | null | undefined) ?? defaultValue;
  const formRef = useRef<HTMLFormElement>(null);
  const [answered, setAnswered] = useState(lastResult);
  const [values, setValues] = useState(initialValues);
  const [rows, setRows] = useState(() => rowsOf(initialValues, lists));
  const [errors, setErrors] = useState(() => answeredErrorsOf(lastResult));
  // Fields whose messages are kept up to date: those the server found wrong, then each one left or submitted.
  const validated = useRef(new Set(Object.keys(errors)));
  // What the last post sent, to tell what its answer changed from what was typed while it was on its way.
  const posted = useRef<Values | null>(null);

  // A new answer from the server (React's "adjust state while rendering"): its messages, and its rows where their number changed.
  if (answered !== lastResult) {
    const answeredErrors = answeredErrorsOf(lastResult);
    setAnswered(lastResult);
    setErrors(answeredErrors);
    validated.current = new Set(Object.keys(answeredErrors));
    const answeredRows = rowsOf(initialValues, lists);
    setRows((current) =>
      Object.fromEntries(
        lists.map((list) => {
          const [now, next] = [current[list] ?? [], answeredRows[list] ?? []];
          return [list, now.length === next.length ? now.map((row, index) => ({ ...row, initial: next[index]!.initial })) : next];
        }),
      ),
    );
  }

  const refresh = useCallback(() => {
    if (formRef.current) setValues(valuesOf(formRef.current));
  }, []);
  // What was typed before the page's JavaScript ran is in the inputs, not in the values the server rendered.
  useEffect(refresh, [refresh, rows]);

  /** Sets a field as a person would, e.g. from a chosen master; the values follow. */
  const update = useCallback(
    (name: string, value: string) => {
      setControl(formRef.current, name, value);
      refresh();
    },
    [refresh],
  );

  // The answer's values go into the fields only where the server changed what was posted (a customer filled in from the
  // master, a due date proposed again): whatever was typed while the post was on its way stays.
  useEffect(() => {
    const sent = posted.current;
    posted.current = null;
    if (!sent || !answered) return;
    const [before, after] = [leavesOf(sent), leavesOf((answered.initialValue as Values | null) ?? {})];
    for (const name of new Set([...before.keys(), ...after.keys()])) {
      // An empty field is left out of an answer's values.
      const value = after.get(name) ?? "";
      if (!NOT_VALUES.has(name) && (before.get(name) ?? "") !== value) setControl(formRef.current, name, value);
    }
    refresh();
  }, [answered, refresh]);

  const judge = (formData: FormData) => (validation ? errorsOf(validation.validate(formData).error) : null);
  const judgeValidated = () => {
    const found = formRef.current && judge(new FormData(formRef.current));
    if (found) setErrors(Object.fromEntries([...validated.current].filter((name) => found[name]).map((name) => [name, found[name]!])));
  };
  // Fields left before the check had come (a slow line) are judged when it comes, beside the messages already shown.
  const leftEarly = useRef(new Set<string>());
  useEffect(() => {
    const form = formRef.current;
    if (!validation || !form || leftEarly.current.size === 0) return;
    const found = errorsOf(validation.validate(new FormData(form)).error);
    const names = [...leftEarly.current];
    leftEarly.current.clear();
    for (const name of names) validated.current.add(name);
    setErrors((shown) => ({ ...shown, ...Object.fromEntries(names.filter((name) => found[name]).map((name) => [name, found[name]!])) }));
  }, [validation]);

  const field = (name: string): FieldMeta => {
    const fieldId = `${id}-${name}`;
    const [, base = name, index, part] = FIELD_PATH.exec(name) ?? [];
    const inRow = (row: unknown) => (part === undefined ? row : (row as Values | undefined)?.[part]);
    const initialValue = index === undefined ? initialValues[name] : inRow(rows[base]?.[Number(index)]?.initial);
    const value = index === undefined ? values[name] : inRow((values[base] as unknown[] | undefined)?.[Number(index)]);
    return {
      ...constraint[index === undefined ? name : `${base}[]${part === undefined ? "" : `.${part}`}`],
      id: fieldId,
      name,
      errorId: `${fieldId}-error`,
      formId: id,
      errors: errors[name],
      initialValue,
      value,
    };
  };

  const listChanged = (list: string, next: Row[], nextValues: (rows: unknown[]) => unknown[]) => {
    setRows((current) => ({ ...current, [list]: next }));
    // The values follow in the same render, so a row's controlled fields (hiddenProps) do not take the value of the row that was at their index.
    setValues((current) => ({ ...current, [list]: nextValues(Array.isArray(current[list]) ? (current[list] as unknown[]) : []) }));
    // Messages of rows are by index, which a change of the list shifts: they are judged again from the rows as they are.
    const ofList = (name: string) => name === list || name.startsWith(`${list}[`);
    validated.current = new Set([...validated.current].filter((name) => !ofList(name)));
    setErrors((shown) => Object.fromEntries(Object.entries(shown).filter(([name]) => !ofList(name))));
  };
  const intentButton = (intent: object, onPress: () => void) => ({
    type: "submit" as const,
    name: "__intent__",
    value: JSON.stringify(intent),
    form: id,
    formNoValidate: true,
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      onPress();
    },
  });
  const insert = (name: string, initial?: unknown) => listChanged(name, [...(rows[name] ?? []), { key: rowKey(), initial }], (current) => [...current, initial]);
  const moved = <Entry,>(entries: Entry[], from: number, to: number) => {
    const next = [...entries];
    next.splice(to, 0, ...next.splice(from, 1));
    return next;
  };
  /** A list's rows, its messages and conform's add, remove and move buttons. */
  const list = (name: string) => ({
    rows: rows[name] ?? [],
    errorId: `${id}-${name}-error`,
    errors: errors[name],
    insertButtonProps: (initial?: unknown) => intentButton({ type: "insert", payload: { name, defaultValue: initial } }, () => insert(name, initial)),
    /** Adds a row as the add button does, e.g. from Enter in the last row. */
    insert: (initial?: unknown) => insert(name, initial),
    /** Moves a row: its fields keep what was typed, their names follow the new order. */
    reorderButtonProps: (from: number, to: number) =>
      intentButton({ type: "reorder", payload: { name, from, to } }, () =>
        listChanged(name, moved(rows[name] ?? [], from, to), (current) => moved(current, from, to)),
      ),
    removeButtonProps: (index: number) =>
      intentButton({ type: "remove", payload: { name, index } }, () =>
        listChanged(
          name,
          (rows[name] ?? []).filter((_, at) => at !== index),
          (current) => current.filter((_, at) => at !== index),
        ),
      ),
  });

  const formProps = {
    ref: formRef,
    id,
    noValidate: true,
    // The messages about the whole form describe it, as conform's getFormProps says.
    "aria-describedby": errors[""] ? `${id}-error` : undefined,
    onChange: (event: FormEvent<HTMLFormElement>) => {
      refresh();
      if (validated.current.has((event.target as HTMLInputElement).name)) judgeValidated();
    },
    onBlur: (event: FocusEvent<HTMLFormElement>) => {
      const left: EventTarget = event.target;
      const name = (left as HTMLInputElement).name;
      // Leaving a field for a button is pressing it: a message appearing now would move the button from under the
      // pointer and the press would miss. A submit judges every field anyway.
      if (!name || NOT_VALUES.has(name) || event.relatedTarget instanceof HTMLButtonElement) return;
      if (!validation) {
        leftEarly.current.add(name);
        return;
      }
      validated.current.add(name);
      judgeValidated();
    },
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      const found = judge(new FormData(form, (event.nativeEvent as SubmitEvent).submitter));
      if (!found || Object.keys(found).length === 0) {
        posted.current = valuesOf(form);
        return;
      }
      event.preventDefault();
      validated.current = new Set([...validated.current, ...Object.keys(found)]);
      setErrors(found);
      const first = [...form.elements].find((element) => found[(element as HTMLInputElement).name]);
      (first as HTMLElement | undefined)?.focus();
    },
  };

  return { values, field, list, update, formProps, formErrorId: `${id}-error`, formErrors: errors[""] };
}
