import { isAdmin } from "../../core/auth/permissions.ts";
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
});
