import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import itemTexts from "~/locales/ja/item.json";
import { z } from "zod";
import { TAX_CATEGORIES } from "@domain/codes";
import { resolveTaxCategory } from "@domain/form-fields";
import { itemFieldsSchema } from "@domain/item";
import { CodeSelect } from "~/components/forms/CodeSelect";
import { FormErrors } from "~/components/forms/FormErrors";
import { parseForm } from "~/components/forms/parse-form";
import { TextField } from "~/components/forms/TextField";

/** The item row form: the item's rules plus the version an edit started from. */
export const itemFormSchema = itemFieldsSchema.extend({ version: z.coerce.number().int().optional() }).transform(resolveTaxCategory);
export type ItemFormInput = z.input<typeof itemFormSchema>;

/**
 * One item's fields in a row: the list's "add" row, or an item being edited
 * in place. A plain post, so it works without JavaScript.
 */
export function ItemForm({
  id,
  action,
  defaultValue,
  lastResult,
  editing,
  cancelTo,
}: {
  id: string;
  action: string;
  defaultValue?: ItemFormInput & { id?: number };
  lastResult: SubmissionResult<string[]> | undefined;
  editing: boolean;
  cancelTo?: string;
}) {
  const { t } = useTexts({ item: itemTexts });
  const [form, fields] = useForm<ItemFormInput, z.output<typeof itemFormSchema>>({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(itemFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, itemFormSchema),
  });
  const label = (name: string) => t(`item.fields.${name as "name"}`);

  return (
    <Form method="post" action={action} className="item-form" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      {editing ? (
        <>
          <input type="hidden" name="id" value={String(defaultValue?.id ?? "")} />
          <input type="hidden" name="version" value={String(defaultValue?.version ?? "")} />
        </>
      ) : null}
      <div className="item-form__fields">
        <TextField meta={fields.code} label={label("code")} />
        <TextField meta={fields.name} label={label("name")} />
        <TextField meta={fields.unit} label={label("unit")} />
        <TextField meta={fields.unit_price} label={label("unit_price")} hint={t("item.unitPriceHint")} />
        <CodeSelect meta={fields.tax_category} label={label("tax_category")} codes={TAX_CATEGORIES} />
      </div>
      <p className="item-form__buttons">
        <button type="submit" name="intent" value={editing ? "update" : "create"} className="button">
          {editing ? t("item.save") : t("item.add")}
        </button>{" "}
        {cancelTo ? (
          <Link to={cancelTo} prefetch="none">
            {t("item.cancel")}
          </Link>
        ) : null}{" "}
        {editing ? (
          <button type="submit" name="intent" value="delete" className="button button--secondary" formNoValidate>
            {t("item.delete")}
          </button>
        ) : null}
      </p>
    </Form>
  );
}
