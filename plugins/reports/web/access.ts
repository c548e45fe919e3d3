import { isAdminUser, type SessionUser } from "../../../web/src/session/session.ts";

/** Spec 002 §6 (the server's report-access.ts): admins always; a profile user by showDashboard / allowRealTime. */
export const mayViewDashboard = (user: SessionUser | null | undefined) => isAdminUser(user) || user?.showDashboard === "enabled";
export const mayViewRealTime = (user: SessionUser | null | undefined) => isAdminUser(user) || user?.allowRealTime === "enabled";
