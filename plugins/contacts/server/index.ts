import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import "./contacts.contract.ts";
import { ContactEvents, masksNumbersFor } from "./contacts.events.ts";
import { registerContactsHandlers } from "./contacts.handlers.ts";
import { ContactsService } from "./contacts.service.ts";
import { findOrCreateStep } from "./contacts-write-step.ts";
import { and, eq, isNull } from "drizzle-orm";
import { contacts as contacts_ } from "../schema/tables.ts";

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const events = new ContactEvents(ctx.realtime, ctx.settings);
    const contacts = new ContactsService(ctx.db, ctx.settings, ctx.services, events);
    registerContactsHandlers(ctx.router, contacts, ctx.settings);
    ctx.services.provide("contacts.findOrCreate", (input, tx) => contacts.findOrCreate(input, tx));
    const stepDeps = { acceptsAudioByDefault: (companyId: number) => contacts.acceptsAudioByDefault(companyId), events };
    ctx.services.provide("contacts.findOrCreateStep", (input) => findOrCreateStep(input, stepDeps));
    ctx.services.provide("contacts.get", (companyId, id) => contacts.find(companyId, id));
    ctx.services.provide("contacts.show", (viewer, id) => contacts.show(viewer, id));
    ctx.services.provide("contacts.changed", (companyId, id) => contacts.touched(companyId, id));
    ctx.services.provide("contacts.setPicture", (companyId, id, urlPicture) => contacts.setPicture(companyId, id, urlPicture));
    ctx.services.provide("contacts.upsertMany", (companyId, rows, options) => contacts.upsertMany(companyId, rows, options));
    ctx.services.provide("contacts.reloaded", (companyId) => contacts.reloaded(companyId));
    ctx.services.provide("contacts.exportPages", (viewer, filter, size) => contacts.exportPages(viewer, filter, size));
    ctx.services.provide("contacts.masksNumbersFor", (user) => masksNumbersFor(ctx.settings, user));
    ctx.services.provide("contacts.recordLgpdConsent", (db, companyId, contactId, at) => {
      db.update(contacts_)
        .set({ lgpdAcceptedAt: at })
        .where(and(eq(contacts_.id, contactId), eq(contacts_.companyId, companyId), isNull(contacts_.lgpdAcceptedAt)))
        .run();
    });
  },
});
