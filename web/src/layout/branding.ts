import { useEffect } from "react";
import { useGetPublicSettingQuery } from "../api/shell-api.ts";
import { selectTheme } from "../store/ui-slice.ts";
import { useAppSelector } from "../store/store.ts";
import { applyTitleName } from "../ui/title-badge.ts";

/** Defaults when a whitelabel setting is empty or missing (spec 001 §9). */
export const DEFAULT_APP_NAME = "Atendechat";
export const DEFAULT_PRIMARY_LIGHT = "#0000FF";
export const DEFAULT_PRIMARY_DARK = "#39ACE7";

export interface Branding {
  appName: string;
  /** The logo for the current theme, or null for the built-in mark. */
  logo: string | null;
  favicon: string | null;
  /** The primary colour for the current theme. */
  primary: string;
}

/** Only plain colours reach the style sheet (a setting is not a place for CSS). */
const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\))$/i;
export const safeColour = (value: string | null | undefined, fallback: string) => (value && COLOUR.test(value.trim()) ? value.trim() : fallback);

/**
 * A stored logo setting to a URL: absolute and rooted URLs stay; a stored path becomes
 * /public/<path>; a bare file name lives in the platform company's folder.
 */
export function assetUrl(value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^(https?:|data:image\/|blob:)/i.test(v) || v.startsWith("/")) return v;
  return v.includes("/") ? `/public/${v}` : `/public/company1/${v}`;
}

/** The whitelabel settings, read without login from /public-settings/{key}. */
export function useBranding(): Branding {
  const theme = useAppSelector(selectTheme);
  const name = useGetPublicSettingQuery("appName").data;
  const logoLight = useGetPublicSettingQuery("appLogoLight").data;
  const logoDark = useGetPublicSettingQuery("appLogoDark").data;
  const favicon = useGetPublicSettingQuery("appLogoFavicon").data;
  const primaryLight = useGetPublicSettingQuery("primaryColorLight").data;
  const primaryDark = useGetPublicSettingQuery("primaryColorDark").data;
  const dark = theme === "dark";
  return {
    appName: name?.trim() || DEFAULT_APP_NAME,
    logo: assetUrl(dark ? logoDark || logoLight : logoLight),
    favicon: assetUrl(favicon),
    primary: dark ? safeColour(primaryDark, DEFAULT_PRIMARY_DARK) : safeColour(primaryLight, DEFAULT_PRIMARY_LIGHT),
  };
}

/** Applies theme, primary colour, favicon and title to the document. Renders nothing. */
export function DocumentBranding() {
  const theme = useAppSelector(selectTheme);
  const { appName, favicon, primary } = useBranding();

  useEffect(() => {
    const dark = theme === "dark";
    // On <body> too, so Blueprint's portals (dialogs, popovers, toasts) follow the theme.
    document.body.classList.toggle("bp6-dark", dark);
    document.documentElement.classList.toggle("bp6-dark", dark);
    document.documentElement.style.colorScheme = dark ? "dark" : "light";
  }, [theme]);

  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty("--app-primary", primary);
    root.setProperty("--bp-intent-primary-rest", primary);
    root.setProperty("--bp-intent-primary-hover", `color-mix(in srgb, ${primary} 85%, black)`);
    root.setProperty("--bp-intent-primary-active", `color-mix(in srgb, ${primary} 70%, black)`);
    root.setProperty("--bp-intent-primary-disabled", `color-mix(in srgb, ${primary} 55%, white)`);
    root.setProperty("--bp-emphasis-focus-color", primary);
  }, [primary]);

  useEffect(() => {
    applyTitleName(appName);
  }, [appName]);

  useEffect(() => {
    if (!favicon) return;
    let link = document.querySelector<HTMLLinkElement>("link[rel~='icon']");
    if (!link) {
      link = document.createElement("link");
      link.rel = "icon";
      document.head.appendChild(link);
    }
    link.removeAttribute("type");
    link.href = favicon;
  }, [favicon]);

  return null;
}
