import type { ReactElement } from "react";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import type { SessionUser } from "../../../web/src/session/types.ts";
import officeHoursPlugin from "../../office-hours/web/index.ts";
import plugin from "./index.ts";

/** A super user of company 1 by default; `companyId`/`super` make an admin of another company. */
export function sessionUser(over: { super?: boolean; companyId?: number } = {}): SessionUser {
  const companyId = over.companyId ?? 1;
  return testUser({
    super: over.super ?? true,
    companyId,
    company: { id: companyId, dueDate: companyId === 1 ? "2999-12-31" : "2999-01-01", settings: [{ key: "scheduleType", value: "company" }] },
  });
}

/** The shell's providers with this plugin's translations (and those of the office-hours editor it shows) and a session (super user of company 1 unless given). */
export function renderCompanies(ui: ReactElement, options: { user?: SessionUser; path?: string } = {}) {
  return renderWithProviders(ui, { session: options.user ?? sessionUser(), route: options.path ?? "/companies", plugins: [plugin, officeHoursPlugin] });
}
