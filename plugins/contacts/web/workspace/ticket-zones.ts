import type { Zones } from "../../../../web/src/plugin/web-plugin.ts";
import { BotToggleAction } from "./bot-toggle-action.tsx";
import { ContactCardSection } from "./contact-card-section.tsx";
import { ContactExtraInfoSection } from "./contact-extra-info-section.tsx";
import { ContactTagsSection } from "./contact-tags-section.tsx";

/**
 * The contacts plugin's parts of the ticket workspace. Drawer orders interleave with the
 * tickets plugin's own sections (stage 20, notes 40): card, stage, tags, notes, extra info.
 */
export const ticketZones: Zones = {
  "tickets.headerActions": [{ component: BotToggleAction, order: 10 }],
  "tickets.drawerSections": [
    { component: ContactCardSection, order: 10 },
    { component: ContactTagsSection, order: 30 },
    { component: ContactExtraInfoSection, order: 50 },
  ],
};
