import type { UserRow } from "../db/rows.ts";

/** A named rule (`user-modal:editProfile`) decides from the user's profile and flags. */
export type PermissionRule = (user: UserRow) => boolean;

export const isSuper = (u: UserRow) => u.super;
export const isAdmin = (u: UserRow) => u.super || u.profile === "admin";

/**
 * The spec's named permission rules. Plugins declare theirs in their manifest; the
 * server enforces them on routes, and `/auth/me` lists the ones the user holds so the
 * web hides what the user cannot do.
 */
export class Permissions {
  private rules = new Map<string, PermissionRule>();

  define(name: string, rule: PermissionRule): void {
    if (this.rules.has(name)) throw new Error(`Permission rule "${name}" is defined twice`);
    this.rules.set(name, rule);
  }

  can(user: UserRow, name: string): boolean {
    const rule = this.rules.get(name);
    return rule ? rule(user) : false;
  }

  /** Every rule the user passes, sorted, for the session payload. */
  granted(user: UserRow): string[] {
    return [...this.rules]
      .filter(([, rule]) => rule(user))
      .map(([name]) => name)
      .sort();
  }
}
