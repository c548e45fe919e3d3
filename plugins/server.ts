import type { ServerPlugin } from "../core/plugin/server-plugin.ts";
import announcements from "./announcements/server/index.ts";
import apiChannel from "./api-channel/server/index.ts";
import automation from "./automation/server/index.ts";
import campaigns from "./campaigns/server/index.ts";
import billing from "./billing/server/index.ts";
import channels from "./channels/server/index.ts";
import chats from "./chats/server/index.ts";
import companies from "./companies/server/index.ts";
import connections from "./connections/server/index.ts";
import contacts from "./contacts/server/index.ts";
import contactsImport from "./contacts-import/server/index.ts";
import fileLists from "./file-lists/server/index.ts";
import flows from "./flows/server/index.ts";
import helps from "./helps/server/index.ts";
import integrations from "./integrations/server/index.ts";
import kanban from "./kanban/server/index.ts";
import messagesApi from "./messages-api/server/index.ts";
import meta from "./meta/server/index.ts";
import officeHours from "./office-hours/server/index.ts";
import passwordReset from "./password-reset/server/index.ts";
import plans from "./plans/server/index.ts";
import prompts from "./prompts/server/index.ts";
import queues from "./queues/server/index.ts";
import quickMessages from "./quick-messages/server/index.ts";
import reports from "./reports/server/index.ts";
import schedules from "./schedules/server/index.ts";
import settings from "./settings/server/index.ts";
import signup from "./signup/server/index.ts";
import tags from "./tags/server/index.ts";
import tickets from "./tickets/server/index.ts";
import users from "./users/server/index.ts";
import whatsapp from "./whatsapp/server/index.ts";

/** The installed plugins' server entries. Order does not matter: dependencies decide it. */
export const serverPlugins: ServerPlugin[] = [
  plans,
  officeHours,
  companies,
  users,
  settings,
  helps,
  announcements,
  signup,
  passwordReset,
  queues,
  contacts,
  tags,
  contactsImport,
  connections,
  channels,
  tickets,
  automation,
  apiChannel,
  quickMessages,
  schedules,
  chats,
  kanban,
  whatsapp,
  meta,
  billing,
  campaigns,
  messagesApi,
  fileLists,
  prompts,
  flows,
  integrations,
  reports,
];

/**
 * What these plugins' migrations build on an empty database, applied in one batch on a first
 * boot (`bun tests/tools/schema-snapshot.ts` writes it); loaded only when the database is empty.
 */
export const loadSchemaSnapshot = () => import("./schema-snapshot.gen.ts").then((m) => m.schemaSnapshot);
