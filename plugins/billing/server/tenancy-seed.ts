import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

/**
 * B's unpaid invoice: made by the listing itself (every company has one; its answers carry
 * the company's name, which holds the mark). billing_charges stay empty: a charge needs a
 * payment provider the platform operator configured (tests/tenancy UNSEEDED).
 */
const seed: TenancySeed = async (b) => {
  const list = await b.call("GET", "/invoices");
  if (!list.body.invoices.length) throw new Error("company B has no invoice");
  await b.call("GET", "/subscription");
};
export default seed;
