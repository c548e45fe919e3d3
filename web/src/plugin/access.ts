import type { PlanFeatureKey } from "../../../core/plugin/plan-features.ts";
import type { Session } from "../session/session.ts";
import { daysUntil } from "../ui/format-date.ts";
import type { MenuEntry, PluginPage, WebAccess, WebPlugin } from "./web-plugin.ts";

/** The parts of the session that decide what a person may see. */
export type AccessSession = Pick<Session, "user" | "isAdmin" | "isSuper" | "can" | "planFlags">;

export function hasAccess(access: WebAccess | undefined, session: AccessSession): boolean {
  if (!session.user) return false;
  if (access === "super") return session.isSuper;
  if (access === "admin") return session.isAdmin;
  return true;
}

/** The plan flag that gates an item: its own, else its plugin's; `false` means none. */
export function effectivePlanFlag(plugin: WebPlugin, item: { planFlag?: PlanFeatureKey | false }): PlanFeatureKey | undefined {
  if (item.planFlag === false) return undefined;
  return item.planFlag ?? plugin.manifest.planFlag;
}

export function planAllows(flag: PlanFeatureKey | undefined, session: AccessSession): boolean {
  return !flag || !!session.planFlags[flag];
}

/** A plugin whose plan flag the company lacks is switched off: no menu, no pages, no zones. */
export function pluginEnabled(plugin: WebPlugin, session: AccessSession): boolean {
  return planAllows(plugin.manifest.planFlag, session);
}

export function mayOpen(plugin: WebPlugin, item: Pick<PluginPage, "access" | "rule" | "planFlag">, session: AccessSession): boolean {
  return hasAccess(item.access, session) && (!item.rule || session.can(item.rule)) && planAllows(effectivePlanFlag(plugin, item), session);
}

/** Days left on the company's subscription; null when it never expires (company 1, or no due date). */
export function subscriptionDaysLeft(session: Pick<Session, "company">, now = new Date()): number | null {
  const company = session.company;
  if (!company || company.id === 1 || !company.dueDate) return null;
  return daysUntil(company.dueDate, now);
}

/** Active while today is before the due date (spec 001 §4); company 1 never expires. */
export function subscriptionExpired(session: Pick<Session, "company">, now = new Date()): boolean {
  const days = subscriptionDaysLeft(session, now);
  return days !== null && days <= 0;
}

export interface MenuItem extends MenuEntry {
  pluginId: string;
}

export interface MenuSection {
  /** The section heading's i18n key; null for the main group at the top. */
  section: string | null;
  items: MenuItem[];
}

/**
 * The side menu: every enabled plugin's entries the person may open, one entry per path,
 * grouped by section (main group first, then sections by their first entry's order),
 * sorted by order. With an expired subscription only entries marked `keepWhenExpired` stay.
 */
export function buildMenu(plugins: readonly WebPlugin[], session: AccessSession & Pick<Session, "company">, now = new Date()): MenuSection[] {
  const expired = subscriptionExpired(session, now);
  const byPath = new Map<string, MenuItem>();
  for (const plugin of plugins) {
    if (!pluginEnabled(plugin, session)) continue;
    for (const entry of plugin.menu ?? []) {
      if (!mayOpen(plugin, entry, session) || (expired && !entry.keepWhenExpired)) continue;
      // One entry per path: the first plugin that offers it wins (the shell's own come last).
      if (!byPath.has(entry.path)) byPath.set(entry.path, { ...entry, pluginId: plugin.manifest.id });
    }
  }
  const sections = new Map<string | null, MenuItem[]>();
  for (const item of [...byPath.values()].sort((a, b) => a.order - b.order || a.path.localeCompare(b.path))) {
    const key = item.section ?? null;
    sections.set(key, [...(sections.get(key) ?? []), item]);
  }
  return [...sections].map(([section, items]) => ({ section, items })).sort((a, b) => (a.section === null ? -1 : b.section === null ? 1 : a.items[0].order - b.items[0].order));
}

/** The menu entry a path belongs to: the longest entry path that is a prefix of it (/tickets for /tickets/abc). */
export function activeMenuPath(paths: readonly string[], location: string): string | null {
  let best: string | null = null;
  for (const p of paths) {
    const matches = p === "/" ? location === "/" : location === p || location.startsWith(`${p}/`);
    if (matches && (!best || p.length > best.length)) best = p;
  }
  return best;
}
