import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

const seed: TenancySeed = async (b) => {
  await b.call("POST", "/contacts", {
    name: `${b.mark} contact`,
    number: "5511987650000",
    email: "beta@beta.test",
    extraInfo: [{ name: "CPF", value: b.mark }],
    // B's admin owns the contact's wallet: A must never see or reach B's user through it.
    walletUserId: b.adminId,
  });
};
export default seed;
