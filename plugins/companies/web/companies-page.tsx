import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { useSession } from "../../../web/src/session/session.ts";
import { PageLayout } from "../../../web/src/ui/page-layout.tsx";
import { toastError } from "../../../web/src/ui/toast.ts";
import { CompaniesManager } from "./companies-manager.tsx";

/** How long a refused visitor sees the message before going home (spec: 1 s). */
export const DENIED_REDIRECT_MS = 1000;

/**
 * /companies, for the platform super user only. Anyone else gets the spec's message
 * and is sent to / a second later (the server refuses the calls anyway).
 */
export default function CompaniesPage() {
  const { t } = useTranslation("companies");
  const { isSuper, user } = useSession();
  const [, navigate] = useLocation();
  const denied = !!user && !isSuper;

  useEffect(() => {
    if (!denied) return;
    toastError(t("messages.noPermission"));
    const timer = setTimeout(() => navigate("/"), DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [denied, navigate, t]);

  if (!isSuper) return null;
  return (
    <PageLayout title={t("title")}>
      <CompaniesManager />
    </PageLayout>
  );
}
