import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Tags (spec 000 §2, §3, §7): the /tags screen, the contact tags editor (POST /tags/sync)
 * and GET /contactTags. Kanban lanes are tags with kanban = 1; their board comes with tickets.
 */
export const manifest = definePlugin({ id: "tags", dependsOn: ["contacts"], requires: ["contacts.get", "contacts.changed"] });
