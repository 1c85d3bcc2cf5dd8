import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { userPermissionSchema } from "@domain/account-users";
import { PAYMENT_ROLE } from "@domain/roles";
import { userNameOf } from "~/components/account-users/labels";
import { CodeSelect } from "~/components/forms/CodeSelect";
import { FormErrors } from "~/components/forms/FormErrors";
import { parseForm } from "~/components/forms/parse-form";
import { useTexts } from "~/components/texts";
import accountUsersTexts from "~/locales/ja/accountUsers.json";
import { accountPermissions as accountPermissionsTitle } from "~/locales/ja/titlesAccounts.json";
import { titleMeta } from "~/meta";
import { listCompanyUsers, savePermissions } from "~/services/account-users.server";
import { requireOwnerCaller } from "~/services/api-caller.server";
import { apiErrorReply } from "~/services/api-form-errors.server";
import { remixI18next } from "~/services/i18n.server";
import { readFormData } from "~/services/read-form.server";
import { redirectWithNotice } from "~/services/session.server";

const SCREEN_NAME = "accounts-change-permissions";
const PATH = "/accounts/change/permissions";

export const handle = { i18n: ["common"], screenName: SCREEN_NAME };

export const meta = titleMeta(accountPermissionsTitle);

/**
 * The API's lines plus the choices the page showed: only lines the owner
 * changed are sent, so another owner's change to someone else meanwhile is
 * not a conflict; a changed line still carries its version.
 */
const shown = z.coerce.number().int();
const permissionsSchema = z.object({ users: z.array(userPermissionSchema.extend({ shown_reference_id: shown, shown_receive_reference_id: shown })).min(1).max(500) });

type PermissionsFormInput = z.input<typeof permissionsSchema>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireOwnerCaller(request, context, SCREEN_NAME);
  const users = await listCompanyUsers(caller);
  const nameOf = (user: (typeof users)[number]) => (user.profile ? userNameOf(user.profile) : user.userUniqueCode);
  // Owners always see every document, and a disabled user sees none: only company users have a choice.
  const choosing = users.filter((user) => user.payment?.role === PAYMENT_ROLE.user);
  const values: PermissionsFormInput = {
    users: choosing.map(({ userUniqueCode, payment }) => ({
      user_unique_code: userUniqueCode,
      reference_id: payment!.reference_id,
      receive_reference_id: payment!.receive_reference_id,
      version: payment!.version,
      shown_reference_id: payment!.reference_id,
      shown_receive_reference_id: payment!.receive_reference_id,
    })),
  };
  return {
    values,
    names: choosing.map(nameOf),
    owners: users.filter((user) => user.payment?.role === PAYMENT_ROLE.owner).map(nameOf),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { caller } = await requireOwnerCaller(request, context, SCREEN_NAME);
  const submission = parseForm(await readFormData(request), permissionsSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const changed = submission.value.users
    .filter((line) => line.reference_id !== line.shown_reference_id || line.receive_reference_id !== line.shown_receive_reference_id)
    .map(({ shown_reference_id: _reference, shown_receive_reference_id: _receive, ...line }) => line);
  try {
    if (changed.length > 0) await savePermissions(caller, { users: changed });
  } catch (error) {
    const { result, status } = apiErrorReply(submission, error);
    return data(result, { status });
  }
  const t = await remixI18next.getFixedT(request);
  return redirectWithNotice(request, PATH, "success", t("accountUsers.permissions.saved"));
}

function PermissionsForm({ defaultValue, names, lastResult }: { defaultValue: PermissionsFormInput; names: string[]; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTexts({ accountUsers: accountUsersTexts });
  const [form, fields] = useForm<PermissionsFormInput, z.output<typeof permissionsSchema>>({
    id: "permissions",
    lastResult,
    defaultValue,
    constraint: getZodConstraint(permissionsSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseForm(formData, permissionsSchema),
  });
  const codes = (kind: "issuedOptions" | "receivedOptions") => [1, 2].map((id) => ({ id, key: String(id), label: t(`accountUsers.permissions.${kind}.${id === 1 ? "1" : "2"}`) }));
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      {fields.users.getFieldList().map((line, index) => {
        const row = line.getFieldset();
        return (
          <fieldset key={line.key} className="card" data-testid="permission-user">
            <legend>{names[index]}</legend>
            <input type="hidden" name={row.user_unique_code.name} value={String(row.user_unique_code.initialValue ?? "")} />
            <input type="hidden" name={row.version.name} value={String(row.version.initialValue ?? "")} />
            <input type="hidden" name={row.shown_reference_id.name} value={String(row.shown_reference_id.initialValue ?? "")} />
            <input type="hidden" name={row.shown_receive_reference_id.name} value={String(row.shown_receive_reference_id.initialValue ?? "")} />
            <CodeSelect meta={row.reference_id} label={t("accountUsers.permissions.issued")} codes={codes("issuedOptions")} />
            <CodeSelect meta={row.receive_reference_id} label={t("accountUsers.permissions.received")} codes={codes("receivedOptions")} />
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
  const { values, names, owners } = useLoaderData<typeof loader>();
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
      {values.users.length === 0 ? <p className="card">{t("accountUsers.permissions.none")}</p> : <PermissionsForm key={key} defaultValue={values} names={names} lastResult={lastResult} />}
    </>
  );
}
