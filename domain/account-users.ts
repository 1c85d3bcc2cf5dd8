import { z } from "zod";
import { PAYMENT_ROLE } from "./roles";
import { VALIDATION_MESSAGES } from "./validation-messages";

/**
 * What the owner's user management sends (decision 024), shared by the web
 * app's forms and the Payment API's checks of the same bodies.
 */

/** A bank user code as the bank issues them (`U-DEMO-OWNER`); anything else is a user that is not there. */
export const USER_CODE_PATTERN = /^[A-Za-z0-9][\w.@-]{0,99}$/;

/**
 * The company always keeps an owner: the last one can be neither demoted nor disabled, not even by
 * themself. The page offers no such change and the Payment API refuses it; `users` are the company's
 * payment service users, the one asked about among them.
 */
export function isLastOwner(user: { role: number } | null, users: readonly { role: number }[]): boolean {
  return user?.role === PAYMENT_ROLE.owner && users.filter((each) => each.role === PAYMENT_ROLE.owner).length <= 1;
}

/** The payment service user's version as the page read it: a change made since is refused. */
const version = z.coerce.number().int().min(1).max(2_147_483_647);

const oneOf = (...values: number[]) => z.coerce.number().int().refine((value) => values.includes(value), { message: VALIDATION_MESSAGES.invalidFormat });

/** A role change: invalid 0, owner 1, company user 2 (SPEC §4). */
export const roleChangeSchema = z.object({ role: oneOf(0, 1, 2), version });

/** One user's line of the permissions form: all of the company's (1) or only their own (2), for issued and for received documents. */
export const userPermissionSchema = z.object({
  user_unique_code: z.string().regex(USER_CODE_PATTERN),
  reference_id: oneOf(1, 2),
  receive_reference_id: oneOf(1, 2),
  version,
});

export const permissionsSchema = z.object({ users: z.array(userPermissionSchema).min(1).max(500) });

export type PermissionsInput = z.output<typeof permissionsSchema>;
