import type { Step } from "../step.ts";
import {
  campaignSettingsStep,
  campaignShippingStep,
  campaignsStep,
  contactListItemsStep,
  contactListsStep,
  filesOptionsStep,
  filesStep,
  flowBuildersStep,
  flowCampaignsStep,
  promptsStep,
  queueIntegrationsStep,
} from "./campaigns.ts";
import { whatsappQueuesStep, whatsappsStep } from "./connections.ts";
import { contactFieldsStep, contactsStep, contactTagsStep, contactWalletsStep, tagsStep } from "./contacts.ts";
import { companySettingsStep, quickMessagesStep, settingsStep } from "./extras.ts";
import { companiesStep, plansStep, usersStep } from "./identity.ts";
import { chatbotLinksStep, connectionLinksStep, flowDefaultsStep, queueLinksStep } from "./links.ts";
import { messagesStep } from "./messages.ts";
import { chatbotsStep, queueOptionsStep, queuesStep, userQueuesStep } from "./queues.ts";
import { announcementsStep, chatMessagesStep, chatsStep, chatUsersStep, helpsStep, invoicesStep, schedulesStep } from "./workspace.ts";
import { ratingsStep, ticketLogsStep, ticketNotesStep, ticketTagsStep, ticketTrackingStep, ticketsStep } from "./tickets.ts";

/** Every step, in dependency order: what a row points at is imported before it. */
export const STEPS: readonly Step[] = [
  plansStep,
  helpsStep,
  companiesStep,
  companySettingsStep,
  settingsStep,
  queuesStep,
  // Connections before users: a user's default connection points at one.
  whatsappsStep,
  whatsappQueuesStep,
  usersStep,
  userQueuesStep,
  chatbotsStep,
  queueOptionsStep,
  contactsStep,
  contactFieldsStep,
  tagsStep,
  contactTagsStep,
  contactWalletsStep,
  quickMessagesStep,
  ticketsStep,
  ticketTrackingStep,
  ratingsStep,
  ticketLogsStep,
  ticketNotesStep,
  ticketTagsStep,
  messagesStep,
  schedulesStep,
  chatsStep,
  chatUsersStep,
  chatMessagesStep,
  announcementsStep,
  invoicesStep,
  queueIntegrationsStep,
  promptsStep,
  filesStep,
  filesOptionsStep,
  contactListsStep,
  contactListItemsStep,
  campaignsStep,
  campaignSettingsStep,
  campaignShippingStep,
  flowBuildersStep,
  flowCampaignsStep,
  // Last: links to rows of tables that come after the row's own (integrations, file lists, prompts, flows).
  queueLinksStep,
  chatbotLinksStep,
  connectionLinksStep,
  // After the connections' own flows: the company's defaults fill only what those left empty.
  flowDefaultsStep,
];
