/*
 * The controls of the detail page's two forms that only the server checks, the mail and the payment form: what was
 * typed comes back with the action's messages beside each field (in forms/field-frame's FieldFrame). Not forms/fields'
 * controls, which bring the light form's attribute helpers the detail page does not otherwise load (decision 020).
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
