import type { ReactNode } from "react";
import { H3 } from "@blueprintjs/core";

export interface PageLayoutProps {
  title: ReactNode;
  /** Buttons or inputs at the right of the title (search box, add button...). */
  actions?: ReactNode;
  /** A line under the title. */
  subtitle?: ReactNode;
  children?: ReactNode;
}

/** The frame of every private page: title row with actions, then the content. */
export function PageLayout({ title, actions, subtitle, children }: PageLayoutProps) {
  return (
    <section className="app-page">
      <header className="app-page-header">
        <div className="app-page-heading">
          <H3 className="app-page-title">{title}</H3>
          {subtitle ? <div className="app-page-subtitle">{subtitle}</div> : null}
        </div>
        {actions ? <div className="app-page-actions">{actions}</div> : null}
      </header>
      <div className="app-page-body">{children}</div>
    </section>
  );
}
