import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import "./tags.contract.ts";
import { registerTagsHandlers } from "./tags.handlers.ts";
import { TagsService } from "./tags.service.ts";

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const tags = new TagsService(ctx.db, ctx.realtime, ctx.services);
    registerTagsHandlers(ctx.router, tags);
    ctx.services.provide("tags.ofContacts", (companyId, contactIds) => tags.ofContacts(companyId, contactIds));
    ctx.services.provide("tags.ownIds", (companyId, ids) => tags.ownIds(companyId, ids));
    ctx.services.provide("tags.resolveNames", (companyId, userId, names, unit) => tags.resolveNames(companyId, userId, names, unit));
    ctx.services.provide("tags.attach", (companyId, links, tx) => tags.attach(companyId, links, tx));
    ctx.services.provide("tags.contactsWithTag", (companyId, tagId, tx) => tags.contactsWithTag(companyId, tagId, tx));
  },
});
