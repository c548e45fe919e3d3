import { Card, H5, Icon, Tag } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useMenu } from "../app/use-menu.ts";
import { useBranding } from "../layout/branding.ts";
import { Avatar } from "../layout/user-menu.tsx";
import { subscriptionDaysLeft, type MenuItem } from "../plugin/access.ts";
import { declaredPlanFeatures } from "../plugin/plan-features.ts";
import { Zone } from "../plugin/zone.tsx";
import { useSession } from "../session/session.ts";
import { formatDate } from "../ui/format-date.ts";
import { PageLayout } from "../ui/page-layout.tsx";
import "./home-page.css";

function SubscriptionCard() {
  const { t } = useTranslation("common");
  const session = useSession();
  const days = subscriptionDaysLeft(session);
  const due = session.company?.dueDate;
  const unit = days === 1 ? t("subscription.day") : t("subscription.days");
  return (
    <Card className="app-home-card">
      <div className="app-home-card-label">
        <Icon icon="calendar" /> {t("home.dueDate")}
      </div>
      <div className="app-home-card-value">{days === null ? t("home.neverExpires") : formatDate(due)}</div>
      {days === null ? null : days <= 0 ? (
        <Tag intent="danger" minimal round>
          {t("home.expired")}
        </Tag>
      ) : (
        <Tag intent={days <= 5 ? "warning" : "success"} minimal round>
          {t("home.daysLeft", { count: days, unit })}
        </Tag>
      )}
    </Card>
  );
}

/** The signed-in home: who you are, your company and plan, and shortcuts to what the menu offers. */
export function HomePage() {
  const { t } = useTranslation("common");
  const { user, company, isAdmin, isSuper, planFlags: flags } = useSession();
  const { appName } = useBranding();
  const shortcuts = useMenu()
    .flatMap((s) => s.items)
    .filter((i) => i.path !== "/");
  const role = isSuper ? t("profiles.super") : isAdmin ? t("profiles.admin") : t("profiles.user");

  return (
    <PageLayout title={t("home.greeting", { name: user?.name ?? "" })} subtitle={t("home.intro", { app: appName })}>
      <div className="app-home-grid">
        <Card className="app-home-card">
          <div className="app-home-card-label">
            <Icon icon="office" /> {t("home.company")}
          </div>
          <div className="app-home-card-value">{company?.name}</div>
          <Tag minimal round icon="box">
            {t("home.plan")}: {company?.plan?.name ?? t("home.noPlan")}
          </Tag>
        </Card>
        <SubscriptionCard />
        <Card className="app-home-card">
          <div className="app-home-card-label">
            <Icon icon="person" /> {t("home.profile")}
          </div>
          <div className="app-home-profile">
            <Avatar user={user} size={36} />
            <div className="app-home-profile-text">
              <strong>{user?.name}</strong>
              <span className="bp6-text-muted bp6-text-small">{user?.email}</span>
            </div>
          </div>
          <Tag minimal round intent={isAdmin ? "primary" : "none"}>
            {role}
          </Tag>
        </Card>
        <Zone name="dashboard.cards" />
      </div>

      <section className="app-home-section">
        <H5>{t("home.features")}</H5>
        <div className="app-home-tags">
          {declaredPlanFeatures.map(({ key, label }) => (
            <Tag
              key={key}
              round
              minimal={!flags[key]}
              intent={flags[key] ? "success" : "none"}
              icon={flags[key] ? "tick" : "cross"}
              className={flags[key] ? undefined : "app-tag-off"}
            >
              {/* The label is namespaced ("plans:flags.useKanban"): the declaring plugin translates it. */}
              {t(label)}
            </Tag>
          ))}
        </div>
      </section>

      <section className="app-home-section">
        <H5>{t("home.shortcuts")}</H5>
        {shortcuts.length ? (
          <div className="app-home-shortcuts">
            {shortcuts.map((item) => (item.useVisible ? <GatedShortcut key={item.path} item={item} /> : <Shortcut key={item.path} item={item} />))}
          </div>
        ) : (
          <p className="bp6-text-muted">{t("home.noShortcuts")}</p>
        )}
      </section>
    </PageLayout>
  );
}

function Shortcut({ item }: { item: MenuItem }) {
  const { t } = useTranslation(item.pluginId);
  return (
    <Link href={item.path} className="app-shortcut">
      <Card interactive className="app-shortcut-card">
        <Icon icon={item.icon} size={20} className="app-shortcut-icon" />
        <span>{t(item.labelKey)}</span>
      </Card>
    </Link>
  );
}

/** A shortcut whose menu entry decides at runtime whether it shows. */
function GatedShortcut({ item }: { item: MenuItem }) {
  return item.useVisible?.() ? <Shortcut item={item} /> : null;
}

export default HomePage;
