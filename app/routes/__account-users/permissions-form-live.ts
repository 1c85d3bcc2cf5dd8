import { z } from "zod";
import { userPermissionSchema } from "@domain/account-users";
import { parseForm } from "~/components/forms/parse-form";

/**
 * The permissions form's schema and check, the same in the action and in the
 * browser, which loads this module on the form's first use
 * (useLazyValidation), so zod is not in the page's first load.
 *
 * The API's lines plus the choices the page showed: only lines the owner
 * changed are sent, so another owner's change to someone else meanwhile is
 * not a conflict; a changed line still carries its version.
 */
const shown = z.coerce.number().int();
export const permissionsFormSchema = z.object({ users: z.array(userPermissionSchema.extend({ shown_reference_id: shown, shown_receive_reference_id: shown })).min(1).max(500) });

export type PermissionsFormInput = z.input<typeof permissionsFormSchema>;

export const validate = (formData: FormData) => parseForm(formData, permissionsFormSchema);
