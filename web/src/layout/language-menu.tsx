import { Button, Menu, MenuItem, PopoverNext } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { currentLanguage, languages, setLanguage } from "../i18n/i18n.ts";

/** One menu item per language, the active one ticked: the top bar's switcher and the phone's user menu list them alike. */
export function LanguageItems() {
  const { t, i18n } = useTranslation("common");
  const active = i18n.resolvedLanguage ?? currentLanguage();
  return languages.map((lang) => (
    <MenuItem
      key={lang}
      text={t(`languages.${lang}`)}
      label={lang.toUpperCase()}
      icon={lang === active ? "tick" : "blank"}
      active={lang === active}
      onClick={() => void setLanguage(lang)}
    />
  ));
}

/** The language switcher (pt, en, es, tr), remembered in localStorage "language". */
export function LanguageMenu({ showLabel = false }: { showLabel?: boolean }) {
  const { t, i18n } = useTranslation("common");
  const active = i18n.resolvedLanguage ?? currentLanguage();
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu aria-label={t("topbar.language")}>
          <LanguageItems />
        </Menu>
      }
    >
      <Button
        variant="minimal"
        icon="translate"
        text={showLabel ? t(`languages.${active}`) : active.toUpperCase()}
        aria-label={t("topbar.language")}
        title={t("topbar.language")}
      />
    </PopoverNext>
  );
}
