import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { PLAN_REDIRECT_MS } from "../app/app-routes.tsx";
import { toastError } from "../ui/toast.ts";
import { useSession } from "./session.ts";

/**
 * Guards a page only the platform super user may see (spec: /companies, /announcements).
 * Anyone else signed in gets the shell's "this company may not access this page" toast
 * and is sent to / after the shell's redirect delay, as a plan-disabled page does.
 * Returns whether the page may render.
 * @example
 *   const allowed = useSuperOnly();
 *   return allowed ? <Manager /> : null;
 */
export function useSuperOnly(): boolean {
  const { t } = useTranslation("common");
  const { isSuper, user } = useSession();
  const [, navigate] = useLocation();
  const denied = !!user && !isSuper;
  useEffect(() => {
    if (!denied) return;
    toastError(t("plan.disabled"));
    const timer = setTimeout(() => navigate("/"), PLAN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [denied, navigate, t]);
  return isSuper;
}
