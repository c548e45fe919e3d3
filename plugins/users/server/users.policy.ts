import { isAdmin } from "../../../core/auth/permissions.ts";
import type { Permissions } from "../../../core/auth/permissions.ts";
import type { UserAnswer } from "../../../core/auth/user-answers.ts";
import type { UserRow } from "../../../core/db/rows.ts";
import { AppError } from "../../../core/errors.ts";
import { profileFields, queueFields, type UserPatch } from "./users.schemas.ts";

/**
 * Who may do what to a user. The target is always already scoped to the caller's company
 * (another company's user answers 404 before these checks run).
 */

/** Reading or changing someone: the person themself or an admin. */
export function ensureSelfOrAdmin(actor: UserRow, target: UserRow): void {
  if (actor.id !== target.id && !isAdmin(actor)) throw new AppError("ERR_NO_PERMISSION");
}

/**
 * A platform super user can only be changed or removed by a super user: otherwise the
 * admin of company 1 could reset the platform owner's password and take the platform.
 */
export function ensureMayTouch(actor: UserRow, target: UserRow): void {
  if (target.super && !actor.super) throw new AppError("ERR_NO_PERMISSION");
}

const differs = (a: unknown, b: unknown) => a !== undefined && a !== b;

/**
 * Field-level rules of an update. Clients send the whole form back, so a restricted field
 * that arrives with its current value is not a change and passes; only real changes need
 * the rule (`user-modal:editProfile` for profile, work hours and permission flags,
 * `user-modal:editQueues` for the default connection). `super` is for super users only.
 * `target` is the user as answered, so fields other plugins store (the default connection)
 * compare too.
 */
export function ensureMayChange(actor: UserRow, target: UserAnswer, patch: UserPatch, permissions: Permissions): void {
  if (differs(patch.super, target.super) && !actor.super) throw new AppError("ERR_NO_PERMISSION", { field: "super" });
  const changed = (fields: readonly (keyof UserPatch & keyof UserAnswer)[]) => fields.filter((f) => differs(patch[f], target[f]));
  const profileChanges = changed(profileFields);
  if (profileChanges.length && !permissions.can(actor, "user-modal:editProfile")) throw new AppError("ERR_NO_PERMISSION", { field: profileChanges[0] });
  const queueChanges = changed(queueFields);
  if (queueChanges.length && !permissions.can(actor, "user-modal:editQueues")) throw new AppError("ERR_NO_PERMISSION", { field: queueChanges[0] });
}

/**
 * A change of the queues a user works needs `user-modal:editQueues`. Returns whether
 * `next` differs from `current` (order and repeats do not count).
 */
export function ensureMayChangeQueues(actor: UserRow, current: readonly number[], next: readonly number[], permissions: Permissions): boolean {
  const a = new Set(current);
  const b = new Set(next);
  const differs = a.size !== b.size || [...b].some((id) => !a.has(id));
  if (differs && !permissions.can(actor, "user-modal:editQueues")) throw new AppError("ERR_NO_PERMISSION", { field: "queueIds" });
  return differs;
}

/**
 * A profile image may only be cleared or point at a file the avatar upload stored for this
 * company: never an outside URL (tracking pixels) or another company's file.
 */
export function ensureOwnImagePath(companyId: number, value: string | null | undefined): void {
  if (value === undefined || value === null || value === "") return;
  const own = new RegExp(`^/public/company${companyId}/[A-Za-z0-9_-]{10,64}\\.(png|jpe?g|gif|webp)$`);
  if (!own.test(value)) throw new AppError("ERR_VALIDATION", { fields: { profileImage: "Invalid image" } });
}
