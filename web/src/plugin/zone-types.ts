import type { ComponentType } from "react";

/** Props of a zone that hands nothing to its contributions. */
export type NoZoneProps = Record<string, never>;

/**
 * The named zones of the web app and the props each one hands to what plugins put in it.
 * The shell declares its own zones here; a plugin that owns a screen declares the zones of
 * that screen by merging into this interface (one `declare module` in the owner's web code),
 * so a contribution's props are checked against the owner's declaration.
 * @example
 *   // plugins/tickets/web/zones.ts (the owner)
 *   declare module "../../../web/src/plugin/zone-types.ts" {
 *     interface ZoneProps { "tickets.headerActions": { ticket: TicketView } }
 *   }
 *   // plugins/contacts/web/index.ts (a contributor)
 *   defineWebPlugin({ ..., zones: { "tickets.headerActions": [{ component: BotToggle, order: 10 }] } });
 */
export interface ZoneProps {
  /** Items in the top bar, left of the user menu (announcements bell, etc.). Declared by the shell. */
  topbar: NoZoneProps;
  /** Items in the top bar's user menu, above "logout" (e.g. the users plugin's "Profile" dialog opener). Declared by the shell. */
  userMenuItems: NoZoneProps;
  /** Cards on the dashboard (the signed-in home page), after the company, subscription and profile cards. Declared by the shell. */
  "dashboard.cards": NoZoneProps;
}

export type ZoneName = keyof ZoneProps;

/** One contribution with its place: lower `order` comes first (ties keep the plugins' id order). */
export interface ZoneEntry<P> {
  component: ComponentType<P>;
  order?: number;
}

/** What a plugin puts in a zone: a component, or a component with its order. */
export type ZoneContribution<P> = ComponentType<P> | ZoneEntry<P>;

/** A plugin's contributions, by zone name. */
export type ZoneContributions = { [K in ZoneName]?: ZoneContribution<ZoneProps[K]>[] };
