import { useTranslation } from "react-i18next";
import { useSuperOnly } from "../../../web/src/session/use-super-only.ts";
import { PageLayout } from "../../../web/src/ui/page-layout.tsx";
import { CompaniesManager } from "./companies-manager.tsx";

/**
 * /companies, for the platform super user only. Anyone else gets the spec's message
 * and is sent to / a second later (the server refuses the calls anyway).
 */
export default function CompaniesPage() {
  const { t } = useTranslation("companies");
  const allowed = useSuperOnly();
  if (!allowed) return null;
  return (
    <PageLayout title={t("title")}>
      <CompaniesManager />
    </PageLayout>
  );
}
