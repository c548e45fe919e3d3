import type { PlanFeatureKey } from "../../../core/plugin/plan-features.ts";
import { declaredPlanFeatures } from "../plugin/plan-features.ts";
import type { SessionCompany, SessionUser } from "../session/types.ts";

type Overrides = Partial<Omit<SessionUser, "company">> & { company?: Partial<SessionCompany> | null };

/** A date `days` from today as YYYY-MM-DD (the server's dueDate format). */
export function isoDay(days: number, now = new Date()): string {
  const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/**
 * A session user as `/auth/me` answers it: an admin of company 2 whose plan has every
 * flag on and whose subscription has 30 days left. Override any field, or the company's.
 * @example testUser({ profile: "user", company: { plan: { ...testPlan(), useKanban: false } } })
 */
export function testUser(overrides: Overrides = {}): SessionUser {
  const { company: companyOverrides, ...userOverrides } = overrides;
  const company: SessionCompany | null =
    companyOverrides === null
      ? null
      : {
          id: 2,
          name: "Empresa Teste",
          status: true,
          dueDate: isoDay(30),
          recurrence: "MENSAL",
          planId: 1,
          plan: testPlan(),
          settings: [
            { key: "scheduleType", value: "disabled" },
            { key: "sendSignMessage", value: "enabled" },
          ],
          ...companyOverrides,
        };
  return {
    id: 7,
    companyId: company?.id ?? 2,
    name: "Ana Souza",
    email: "ana@empresa.com",
    profile: "admin",
    super: false,
    profileImage: null,
    farewellMessage: "",
    startWork: "00:00",
    endWork: "23:59",
    whatsappId: null,
    allTicket: "disable",
    allowGroup: false,
    defaultTheme: "light",
    defaultMenu: "open",
    allHistoric: "disabled",
    allUserChat: "disabled",
    userClosePendingTicket: "disabled",
    showDashboard: "enabled",
    allowRealTime: "disabled",
    allowConnections: "disabled",
    defaultTicketsManagerWidth: 550,
    online: true,
    lastSeenAt: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    queues: [],
    permissions: [],
    company,
    ...userOverrides,
  } as SessionUser;
}

/** A plan with every feature flag on. */
export function testPlan(): NonNullable<SessionCompany["plan"]> {
  return {
    id: 1,
    name: "Plano Teste",
    users: 10,
    connections: 10,
    queues: 10,
    amount: 99,
    isPublic: true,
    ...(Object.fromEntries(declaredPlanFeatures.map((f) => [f.key, true])) as Record<PlanFeatureKey, boolean>),
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
  };
}
