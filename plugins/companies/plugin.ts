import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Companies (tenants): the super user's companies screen, due dates and renewals,
 * plans per company, storage usage, and each company's office hours. The tables
 * (companies, company_schedules, users) belong to the kernel; this plugin owns the rules.
 */
export const manifest = definePlugin({ id: "companies", dependsOn: ["plans"] });
