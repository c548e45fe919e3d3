import { Button, Icon, MenuDivider, MenuItem } from "@blueprintjs/core";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { useZone } from "../plugin/zone.tsx";
import { logout } from "../session/session-actions.ts";
import { useSession } from "../session/session.ts";
import type { SessionUser } from "../session/types.ts";
import { useAppDispatch } from "../store/store.ts";
import { CompactMenuItems } from "./compact-menu-items.tsx";
import { DropdownMenu } from "./dropdown-menu.tsx";

/** A user's picture URL: stored names live in the company's public folder. */
export function userImageUrl(user: Pick<SessionUser, "profileImage" | "companyId"> | null | undefined): string | null {
  const v = user?.profileImage?.trim();
  if (!v) return null;
  if (/^(https?:|data:image\/|blob:)/i.test(v) || v.startsWith("/")) return v;
  return v.includes("/") ? `/public/${v}` : `/public/company${user?.companyId}/${v}`;
}

export function initials(name: string | undefined): string {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? "") : "")).toUpperCase() || "?";
}

export function Avatar({ user, size = 28 }: { user: SessionUser | null; size?: number }) {
  const src = userImageUrl(user);
  return (
    <span className="app-avatar" style={{ width: size, height: size, fontSize: Math.round(size * 0.4) }} aria-hidden="true">
      {src ? <img src={src} alt="" /> : initials(user?.name)}
    </span>
  );
}

/**
 * The top bar's user menu: the plugins' items (profile...), on narrow screens the top bar's
 * own buttons (`CompactMenuItems`), then logout.
 */
export function UserMenu({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation("common");
  const dispatch = useAppDispatch();
  const { user, isSuper, isAdmin } = useSession();
  const items = useZone("userMenuItems");
  const role = isSuper ? t("profiles.super") : isAdmin ? t("profiles.admin") : t("profiles.user");

  return (
    <DropdownMenu
      ariaLabel={t("topbar.userMenu")}
      renderTarget={({ isOpen, toggle, menuId }) => (
        <Button variant="minimal" className="app-user-button" onClick={toggle} aria-haspopup="menu" aria-expanded={isOpen} aria-controls={menuId} aria-label={t("topbar.userMenu")}>
          <span className="app-user-target">
            <Avatar user={user} />
            {compact ? null : <span className="app-user-name">{user?.name}</span>}
            <Icon icon="caret-down" size={12} />
          </span>
        </Button>
      )}
    >
      <li className="app-user-card">
        <Avatar user={user} size={40} />
        <div className="app-user-card-text">
          <strong>{user?.name}</strong>
          <span className="bp6-text-muted bp6-text-small">{user?.email}</span>
          <span className="bp6-text-muted bp6-text-small">{role}</span>
        </div>
      </li>
      <MenuDivider />
      {items.map(({ key, Component }) => (
        <Fragment key={key}>
          <Component />
        </Fragment>
      ))}
      {items.length ? <MenuDivider /> : null}
      {compact ? (
        <>
          <CompactMenuItems />
          <MenuDivider />
        </>
      ) : null}
      <MenuItem icon="log-out" text={t("topbar.logout")} intent="danger" onClick={() => void dispatch(logout())} />
    </DropdownMenu>
  );
}
