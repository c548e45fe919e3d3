import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

/** A webhook integration of B (its URL never called here). */
const seed: TenancySeed = async (b) => {
  await b.call("POST", "/queueIntegration", { name: `${b.mark} hook`, type: "webhook", urlN8N: "https://93.184.216.34/b" });
};
export default seed;
