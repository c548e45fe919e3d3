import { Button, Navbar, NavbarDivider, NavbarGroup, Tag, Tooltip } from "@blueprintjs/core";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { subscriptionDaysLeft } from "../plugin/access.ts";
import { useZone } from "../plugin/zone.tsx";
import { useSession } from "../session/session.ts";
import { useAppDispatch, useAppSelector } from "../store/store.ts";
import { menuToggled, selectMenuOpen } from "../store/ui-slice.ts";
import { formatDate } from "../ui/format-date.ts";
import { Brand } from "./brand.tsx";
import { LanguageMenu } from "./language-menu.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { UserMenu } from "./user-menu.tsx";

/** Reloads the page (the spec's refresh button); replaceable in tests. */
export const pageReload = { run: () => window.location.reload() };

/** The company's due date for admins, coloured like the companies table: yellow 1-5 days, red 0 or less. */
function DueDate() {
  const { t } = useTranslation("common");
  const session = useSession();
  if (!session.isAdmin || !session.company?.dueDate) return null;
  const days = subscriptionDaysLeft(session);
  const intent = days === null ? "none" : days <= 0 ? "danger" : days <= 5 ? "warning" : "none";
  return (
    <Tag minimal round icon="calendar" intent={intent} className="app-due-date">
      {t("topbar.dueDate", { date: formatDate(session.company.dueDate) })}
    </Tag>
  );
}

export function TopBar({ narrow }: { narrow: boolean }) {
  const { t } = useTranslation("common");
  const dispatch = useAppDispatch();
  const menuOpen = useAppSelector(selectMenuOpen);
  const zoneItems = useZone("topbar");
  const menuLabel = menuOpen ? t("menu.collapse") : t("menu.expand");

  return (
    <Navbar className="app-topbar">
      <NavbarGroup align="left" className="app-topbar-left">
        <Button variant="minimal" icon="menu" aria-label={menuLabel} title={menuLabel} aria-expanded={menuOpen} onClick={() => dispatch(menuToggled())} />
        <span className="app-topbar-brand">
          <Brand compact={narrow} />
        </span>
      </NavbarGroup>
      <NavbarGroup align="right" className="app-topbar-right">
        {narrow ? null : <DueDate />}
        {zoneItems.map(({ key, Component }) => (
          <Fragment key={key}>
            <Component />
          </Fragment>
        ))}
        <Tooltip content={t("topbar.refresh")} placement="bottom">
          <Button variant="minimal" icon="refresh" aria-label={t("topbar.refresh")} onClick={() => pageReload.run()} />
        </Tooltip>
        <ThemeToggle />
        <LanguageMenu />
        <NavbarDivider />
        <UserMenu compact={narrow} />
      </NavbarGroup>
    </Navbar>
  );
}
