import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

/** B's office hours (company_schedules). */
const seed: TenancySeed = async (b) => {
  await b.call("PUT", `/companies/${b.companyId}/schedules`, {
    schedules: [{ weekday: "segunda-feira", weekdayEn: "monday", startTimeA: "08:00", endTimeA: "12:00", startTimeB: "13:00", endTimeB: "18:00" }],
  });
};
export default seed;
