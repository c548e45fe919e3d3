import { Icon, Tooltip } from "@blueprintjs/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "wouter";
import { useGetVersionQuery } from "../api/shell-api.ts";
import { useMenu } from "../app/use-menu.ts";
import { activeMenuPath, type MenuItem } from "../plugin/access.ts";

function Entry({ item, active, collapsed, onNavigate }: { item: MenuItem; active: boolean; collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation(item.pluginId);
  const label = t(item.labelKey);
  const Badge = item.badge;
  const link = (
    <Link href={item.path} className={active ? "app-nav-item app-nav-item-active" : "app-nav-item"} aria-current={active ? "page" : undefined} onClick={onNavigate}>
      <Icon icon={item.icon} className="app-nav-icon" />
      {collapsed ? null : <span className="app-nav-label">{label}</span>}
      {Badge ? (
        <span className={collapsed ? "app-nav-badge app-nav-badge-dot" : "app-nav-badge"}>
          <Badge />
        </span>
      ) : null}
    </Link>
  );
  return (
    <li>
      {collapsed ? (
        <Tooltip content={label} placement="right" className="app-nav-tooltip" hoverOpenDelay={200}>
          {link}
        </Tooltip>
      ) : (
        link
      )}
    </li>
  );
}

/** An entry with a runtime visibility hook (MenuEntry.useVisible): its own component, so the hook runs unconditionally. */
function GatedEntry(props: { item: MenuItem; active: boolean; collapsed: boolean; onNavigate?: () => void }) {
  const visible = (props.item.useVisible as () => boolean)();
  return visible ? <Entry {...props} /> : null;
}

/** The collapsible side menu: 240 px open, an icon rail when collapsed, the version at the bottom. */
export function SideMenu({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation("common");
  const [location] = useLocation();
  const sections = useMenu();
  const { data: version } = useGetVersionQuery();
  const active = activeMenuPath(
    sections.flatMap((s) => s.items.map((i) => i.path)),
    location,
  );

  return (
    <nav className="app-sidenav-inner" aria-label={t("menu.navigation")}>
      <div className="app-sidenav-scroll">
        {sections.map(({ section, items }) => (
          <div key={section ?? "main"} className="app-nav-section">
            {section ? collapsed ? <div className="app-nav-rule" /> : <div className="app-nav-heading">{t(section)}</div> : null}
            <ul className="app-nav-list">
              {items.map((item) => {
                const ItemEntry = item.useVisible ? GatedEntry : Entry;
                return <ItemEntry key={item.path} item={item} active={item.path === active} collapsed={collapsed} onNavigate={onNavigate} />;
              })}
            </ul>
          </div>
        ))}
      </div>
      <div className="app-sidenav-footer" title={version ? `v.${version}` : undefined}>
        {version ? `v.${version}` : "\u00a0"}
      </div>
    </nav>
  );
}
