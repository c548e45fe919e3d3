import { MenuDivider, MenuItem } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { subscriptionDaysLeft } from "../plugin/access.ts";
import { useSession } from "../session/session.ts";
import { useAppDispatch, useAppSelector } from "../store/store.ts";
import { selectTheme, themeToggled } from "../store/ui-slice.ts";
import { formatDate } from "../ui/format-date.ts";
import { dueDateIntent } from "./due-date.tsx";
import { LanguageItems } from "./language-menu.tsx";
import { pageReload } from "./page-reload.ts";

/**
 * What the top bar shows as its own buttons on wide screens (refresh, theme, language) and the
 * admin's due date, as user-menu items on narrow ones: a phone's 390 px bar keeps the menu
 * button, the logo, the plugins' items and the user menu, and nothing runs over the logo.
 * Languages are plain items (no submenu): a hover submenu is awkward under a finger.
 */
export function CompactMenuItems() {
  const { t } = useTranslation("common");
  const dispatch = useAppDispatch();
  const session = useSession();
  const dark = useAppSelector(selectTheme) === "dark";
  return (
    <>
      {session.isAdmin && session.company?.dueDate ? (
        <MenuItem icon="calendar" intent={dueDateIntent(subscriptionDaysLeft(session))} disabled text={t("topbar.dueDate", { date: formatDate(session.company.dueDate) })} />
      ) : null}
      <MenuItem icon="refresh" text={t("topbar.refresh")} onClick={() => pageReload.run()} />
      <MenuItem
        icon={dark ? "flash" : "moon"}
        text={dark ? t("topbar.themeToLight") : t("topbar.themeToDark")}
        shouldDismissPopover={false}
        onClick={() => dispatch(themeToggled())}
      />
      <MenuDivider title={t("topbar.language")} />
      <LanguageItems />
    </>
  );
}
