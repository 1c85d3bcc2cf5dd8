import type { SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import itemTexts from "~/locales/ja/item.json";
import type { Code } from "@domain/codes";
import { CodeSelect, TextField } from "~/components/forms/fields";
import { FormErrors } from "~/components/forms/field-frame";
import { useLazyValidation } from "~/components/forms/lazy-validation";
import { useLightForm } from "~/components/forms/light-form";
import type { ItemFormInput } from "./item-schema";

/**
 * One item's fields in a row: the list's "add" row, or an item being edited
 * in place. A plain post, so it works without JavaScript; with it, the check
 * (zod and the item's rules) is loaded on first use.
 */
export function ItemForm({
  id,
  action,
  defaultValue,
  lastResult,
  constraint,
  taxCategories,
  editing,
  cancelTo,
}: {
  id: string;
  action: string;
  defaultValue?: ItemFormInput & { id?: number };
  lastResult: SubmissionResult<string[]> | undefined;
  /** The schema's HTML constraints, computed by the loader. */
  constraint: ReturnType<typeof getZodConstraint>;
  taxCategories: ReadonlyArray<Pick<Code<string>, "id" | "label">>;
  editing: boolean;
  cancelTo?: string;
}) {
  const { t } = useTexts({ item: itemTexts });
  const lazyValidation = useLazyValidation(() => import("./item-schema"));
  const form = useLightForm({ id, lastResult, defaultValue: defaultValue ?? {}, constraint, validation: lazyValidation.validation });
  const field = form.field;
  const taxCategory = field("tax_category");
  const label = (name: string) => t(`item.fields.${name as "name"}`);

  return (
    <Form method="post" action={action} className="item-form" {...form.formProps} {...lazyValidation.formProps}>
      <FormErrors id={form.formErrorId} errors={form.formErrors} />
      {editing ? (
        <>
          <input type="hidden" name="id" value={String(defaultValue?.id ?? "")} />
          <input type="hidden" name="version" value={String(defaultValue?.version ?? "")} />
        </>
      ) : null}
      <div className="item-form__fields">
        <TextField meta={field("code")} label={label("code")} />
        <TextField meta={field("name")} label={label("name")} />
        <TextField meta={field("unit")} label={label("unit")} />
        <TextField meta={field("unit_price")} label={label("unit_price")} hint={t("item.unitPriceHint")} />
        <CodeSelect meta={taxCategory} label={label("tax_category")} codes={taxCategories} />
      </div>
      <p className="item-form__buttons">
        <button type="submit" name="intent" value={editing ? "update" : "create"} className="button">
          {editing ? t("item.save") : t("item.add")}
        </button>{" "}
        {cancelTo ? (
          <Link to={cancelTo} prefetch="none">
            {t("item.cancel")}
          </Link>
        ) : null}
      </p>
    </Form>
  );
}
