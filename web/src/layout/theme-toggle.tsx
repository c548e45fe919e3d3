import { Button, Tooltip } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { useAppDispatch, useAppSelector } from "../store/store.ts";
import { selectTheme, themeToggled } from "../store/ui-slice.ts";

/** Light/dark switch; the theme starts from the user's defaultTheme at sign-in. */
export function ThemeToggle() {
  const { t } = useTranslation("common");
  const dispatch = useAppDispatch();
  const dark = useAppSelector(selectTheme) === "dark";
  const label = dark ? t("topbar.themeToLight") : t("topbar.themeToDark");
  return (
    <Tooltip content={label} placement="bottom">
      <Button variant="minimal" icon={dark ? "flash" : "moon"} aria-label={label} onClick={() => dispatch(themeToggled())} />
    </Tooltip>
  );
}
