import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useSession } from "../../../web/src/session/session.ts";
import { toastError } from "../../../web/src/ui/index.ts";

/** The spec's redirect delay on a denied screen. */
export const DENIED_REDIRECT_MS = 1000;

/**
 * Super-user-only screens: anyone else gets the spec's toast and is sent to / after 1 s.
 * Returns whether the page may render.
 */
export function useSuperOnly(): boolean {
  const { t } = useTranslation("announcements");
  const { isSuper, user } = useSession();
  const [, navigate] = useLocation();
  const denied = !!user && !isSuper;
  useEffect(() => {
    if (!denied) return;
    toastError(t("messages.noPermission"));
    const timer = setTimeout(() => navigate("/"), DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [denied, navigate, t]);
  return isSuper;
}
