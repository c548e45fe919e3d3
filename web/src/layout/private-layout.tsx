import { useCallback, useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "wouter";
import { usePlugins } from "../plugin/plugins.tsx";
import { useSession } from "../session/session.ts";
import { BILLING_PATH, useSubscriptionWarning } from "../session/subscription.ts";
import { useAppDispatch, useAppSelector } from "../store/store.ts";
import { menuSet, selectMenuOpen } from "../store/ui-slice.ts";
import { SideMenu } from "./side-menu.tsx";
import { TopBar } from "./top-bar.tsx";
import { NARROW_SCREEN, useMediaQuery } from "./use-media-query.ts";

/**
 * The signed-in frame: top bar, the side menu (240 px, or an icon rail when collapsed;
 * on narrow screens it floats over the content and closes after navigating), and the page.
 */
export function PrivateLayout({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const session = useSession();
  const open = useAppSelector(selectMenuOpen);
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [location, navigate] = useLocation();
  const main = useRef<HTMLElement>(null);
  const { enabled } = usePlugins();
  const hasBilling = enabled.some((p) => p.pages?.some((page) => page.path === BILLING_PATH));
  const goToBilling = useCallback(() => navigate(BILLING_PATH), [navigate]);
  useSubscriptionWarning(session, hasBilling ? goToBilling : undefined);

  // A new page starts at the top.
  useEffect(() => {
    main.current?.scrollTo?.({ top: 0 });
  }, [location]);

  // Shrinking the window to phone size folds the menu away.
  useEffect(() => {
    if (narrow) dispatch(menuSet(false));
  }, [narrow, dispatch]);

  const closeIfNarrow = () => narrow && dispatch(menuSet(false));
  const classes = ["app-shell", open ? "app-menu-open" : "app-menu-closed", narrow ? "app-narrow" : "app-wide"].join(" ");

  return (
    <div className={classes}>
      <TopBar narrow={narrow} />
      <div className="app-body">
        <aside className="app-sidenav" hidden={narrow && !open}>
          <SideMenu collapsed={!open && !narrow} onNavigate={closeIfNarrow} />
        </aside>
        {narrow && open ? <div className="app-scrim" onClick={() => dispatch(menuSet(false))} aria-hidden="true" /> : null}
        <main className="app-main" ref={main}>
          {children}
        </main>
      </div>
    </div>
  );
}
