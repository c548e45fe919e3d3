import type { ReactElement } from "react";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import plugin from "./index.ts";

/** The shell's providers with this plugin's translations and the platform super user signed in. */
export function renderPlans(ui: ReactElement) {
  return renderWithProviders(ui, { session: testUser({ super: true, companyId: 1, company: { id: 1, dueDate: "2999-12-31" } }), route: "/settings", plugins: [plugin] });
}
