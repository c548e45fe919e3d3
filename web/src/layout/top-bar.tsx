import { Button, Navbar, NavbarDivider, NavbarGroup, Tooltip } from "@blueprintjs/core";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { useZone } from "../plugin/zone.tsx";
import { useAppDispatch, useAppSelector } from "../store/store.ts";
import { menuToggled, selectMenuOpen } from "../store/ui-slice.ts";
import { Brand } from "./brand.tsx";
import { DueDate } from "./due-date.tsx";
import { LanguageMenu } from "./language-menu.tsx";
import { pageReload } from "./page-reload.ts";
import { ThemeToggle } from "./theme-toggle.tsx";
import { UserMenu } from "./user-menu.tsx";

/**
 * The top bar: menu button and logo on the left; the plugins' items and the shell's own
 * buttons on the right. On narrow screens (a phone) the shell's own buttons (due date,
 * refresh, theme, language) move into the user menu (`CompactMenuItems`), so the right group
 * fits beside the logo; shell.css lets it shrink and scroll rather than run over the logo if
 * plugins ever add more than fits.
 */
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
        {narrow ? null : (
          <>
            <Tooltip content={t("topbar.refresh")} placement="bottom">
              <Button variant="minimal" icon="refresh" aria-label={t("topbar.refresh")} onClick={() => pageReload.run()} />
            </Tooltip>
            <ThemeToggle />
            <LanguageMenu />
            <NavbarDivider />
          </>
        )}
        <UserMenu compact={narrow} />
      </NavbarGroup>
    </Navbar>
  );
}
