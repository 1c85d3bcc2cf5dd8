import type { SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { PermissionsFormInput } from "~/routes/__account-users/permissions-form-live";
import { CodeSelect } from "~/components/forms/fields";
import { FormErrors } from "~/components/forms/field-frame";
import { useLazyValidation } from "~/components/forms/lazy-validation";
import { useLightForm } from "~/components/forms/light-form";
import { useTexts } from "~/components/texts";
import accountUsersTexts from "~/locales/ja/accountUsers.json";
import { accountPermissions as accountPermissionsTitle } from "~/locales/ja/titlesAccounts.json";
import { titleMeta } from "~/meta";
import { permissionsAction, permissionsLoader } from "~/routes/__account-users/account-users-pages.server";

export const handle = { i18n: ["common"], screenName: "accounts-change-permissions" };

export const meta = titleMeta(accountPermissionsTitle);

export const loader = permissionsLoader;

export const action = permissionsAction;

/** The hidden fields of a user's line: who, the version the page read, and the choices it showed. */
const HIDDEN = ["user_unique_code", "version", "shown_reference_id", "shown_receive_reference_id"] as const;

function PermissionsForm({
  defaultValue,
  constraint,
  names,
  lastResult,
}: {
  defaultValue: PermissionsFormInput;
  /** The schema's HTML constraints, computed by the loader. */
  constraint: ReturnType<typeof getZodConstraint>;
  names: string[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTexts({ accountUsers: accountUsersTexts });
  const lazyValidation = useLazyValidation(() => import("~/routes/__account-users/permissions-form-live"));
  const form = useLightForm({ id: "permissions", lastResult, defaultValue, constraint, lists: ["users"], validation: lazyValidation.validation });
  const codes = (kind: "issuedOptions" | "receivedOptions") => [1, 2].map((id) => ({ id, key: String(id), label: t(`accountUsers.permissions.${kind}.${id === 1 ? "1" : "2"}`) }));
  return (
    <Form method="post" {...form.formProps} {...lazyValidation.formProps}>
      <FormErrors id={form.formErrorId} errors={form.formErrors} />
      {form.list("users").rows.map((row, index) => {
        const field = (name: string) => form.field(`users[${index}].${name}`);
        return (
          <fieldset key={row.key} className="card" data-testid="permission-user">
            <legend>{names[index]}</legend>
            {HIDDEN.map((name) => (
              <input key={name} type="hidden" name={field(name).name} value={String(field(name).initialValue ?? "")} />
            ))}
            <CodeSelect meta={field("reference_id")} label={t("accountUsers.permissions.issued")} codes={codes("issuedOptions")} />
            <CodeSelect meta={field("receive_reference_id")} label={t("accountUsers.permissions.received")} codes={codes("receivedOptions")} />
          </fieldset>
        );
      })}
      <button type="submit" className="button">
        {t("accountUsers.permissions.save")}
      </button>
    </Form>
  );
}

export default function AccountPermissionsPage() {
  const { t } = useTexts({ accountUsers: accountUsersTexts, titles: { accountPermissions: accountPermissionsTitle } });
  const { values, constraint, names, owners } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  // A saved form comes back with new versions: the key remounts it from what was just saved.
  const key = values.users.map((user) => `${user.user_unique_code}:${String(user.version)}`).join(",");
  return (
    <>
      <h1>{t("titles.accountPermissions")}</h1>
      <p>{t("accountUsers.permissions.intro")}</p>
      <p>{t("accountUsers.permissions.receivedNote")}</p>
      <p>
        <Link to="/accounts/user/list" prefetch="none">
          {t("accountUsers.backToList")}
        </Link>
      </p>
      {owners.length > 0 ? (
        <p>
          {t("accountUsers.permissions.owners")}：{owners.join("、")}
        </p>
      ) : null}
      {values.users.length === 0 ? <p className="card">{t("accountUsers.permissions.none")}</p> : <PermissionsForm key={key} defaultValue={values} constraint={constraint} names={names} lastResult={lastResult} />}
    </>
  );
}
