import type { ReactNode } from "react";

/*
 * The fields of the detail page's two forms that only the server checks, the mail and the payment form: what was
 * typed comes back with the action's messages beside each field. They are here rather than forms/'s components
 * because each of those is a chunk of its own (shared by other pages), about 0.25 KiB apiece on a page that needs
 * only this much of them (decision 020).
 */

/** Each control's id, name, value (as typed when refused) and the wiring of its hint and messages. */
export function checkedControls<Name extends string>(prefix: string, value: (name: Name) => string, errors: (name: Name) => string[] | undefined) {
  return (name: Name, hint = false) => {
    const invalid = Boolean(errors(name)?.length);
    return {
      id: `${prefix}-${name}`,
      name,
      defaultValue: value(name),
      "aria-invalid": invalid || undefined,
      "aria-describedby": [hint ? `${prefix}-${name}-hint` : "", invalid ? `${prefix}-${name}-error` : ""].join(" ").trim() || undefined,
    };
  };
}

/** The server's messages: under a field (its id is what the control's aria-describedby names), or above the form, announced. */
export function CheckedMessages({ id, errors, form = false }: { id: string; errors: string[] | undefined; form?: boolean }) {
  if (!errors?.length) return null;
  return (
    <div id={id} className={form ? "card form-errors" : undefined} role={form ? "alert" : undefined}>
      {errors.map((message) => (
        <p key={message} className="field__error">
          {message}
        </p>
      ))}
    </div>
  );
}

/** A field around its control (made with checkedControls): the label, an optional hint, the messages. */
export function CheckedField({ id, label, hint, errors, children }: { id: string; label: string; hint?: string; errors: string[] | undefined; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <CheckedMessages id={`${id}-error`} errors={errors} />
    </div>
  );
}
