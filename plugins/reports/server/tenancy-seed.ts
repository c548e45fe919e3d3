import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

/** SLA targets on B's first queue (report_sla_targets). */
const seed: TenancySeed = async (b) => {
  const queue = (await b.call("GET", "/queue")).body[0];
  await b.call("PUT", "/reports/sla", { targets: [{ queueId: queue.id, firstResponseMinutes: 15, resolutionMinutes: 240 }] });
};
export default seed;
