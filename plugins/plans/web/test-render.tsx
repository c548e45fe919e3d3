import type { ReactElement } from "react";
import { renderWithProviders, testUser } from "../../../web/src/test/render.tsx";
import apiChannel from "../../api-channel/web/index.ts";
import campaigns from "../../campaigns/web/index.ts";
import chats from "../../chats/web/index.ts";
import kanban from "../../kanban/web/index.ts";
import meta from "../../meta/web/index.ts";
import schedules from "../../schedules/web/index.ts";
import whatsapp from "../../whatsapp/web/index.ts";
import plugin from "./index.ts";

/**
 * The shell's providers with this plugin's translations, those of the plugins declaring the
 * other plan features (their switches are labelled in their own namespaces), and the
 * platform super user signed in.
 */
export function renderPlans(ui: ReactElement) {
  return renderWithProviders(ui, {
    session: testUser({ super: true, companyId: 1, company: { id: 1, dueDate: "2999-12-31" } }),
    route: "/settings",
    plugins: [plugin, whatsapp, meta, apiChannel, schedules, chats, kanban, campaigns],
  });
}
