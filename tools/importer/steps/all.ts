import type { Step } from "../step.ts";
import { whatsappQueuesStep, whatsappsStep } from "./connections.ts";
import { contactFieldsStep, contactsStep, contactTagsStep, tagsStep } from "./contacts.ts";
import { companySettingsStep, quickMessagesStep, settingsStep } from "./extras.ts";
import { companiesStep, plansStep, usersStep } from "./identity.ts";
import { messagesStep } from "./messages.ts";
import { chatbotsStep, queuesStep, userQueuesStep } from "./queues.ts";
import { ratingsStep, ticketLogsStep, ticketNotesStep, ticketTagsStep, ticketTrackingStep, ticketsStep } from "./tickets.ts";

/** Every step, in dependency order: what a row points at is imported before it. */
export const STEPS: readonly Step[] = [
  plansStep,
  companiesStep,
  companySettingsStep,
  settingsStep,
  usersStep,
  queuesStep,
  userQueuesStep,
  chatbotsStep,
  whatsappsStep,
  whatsappQueuesStep,
  contactsStep,
  contactFieldsStep,
  tagsStep,
  contactTagsStep,
  quickMessagesStep,
  ticketsStep,
  ticketTrackingStep,
  ratingsStep,
  ticketLogsStep,
  ticketNotesStep,
  ticketTagsStep,
  messagesStep,
];
