import { isAdmin } from "../../core/auth/permissions.ts";
import type { DeclaredErrors } from "../../core/errors.ts";
import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * The company's contacts (spec 000 §2, §3, §7): the /contacts list, the contact dialog,
 * block / accept-audio / bot toggles, extra info, LGPD number masking, and the race-safe
 * `contacts.findOrCreate` service the inbound pipeline relies on. Deleting a contact is
 * governed by the rule contacts-page:deleteContact (admins).
 */
export const manifest = definePlugin({
  id: "contacts",
  permissions: {
    "contacts-page:deleteContact": isAdmin,
  },
  errors: {
    ERR_NO_CONTACT_FOUND: 404,
    ERR_DUPLICATED_CONTACT: 409,
    ERR_WAPP_INVALID_CONTACT: 400,
  },
});

/** Types the codes declared above for `new AppError(...)` (core/errors.ts). */
declare module "../../core/errors.ts" {
  interface ErrorCodes extends DeclaredErrors<typeof manifest> {}
}
