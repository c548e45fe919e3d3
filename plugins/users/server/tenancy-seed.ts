import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

/** A second user of B, and B's admin renamed with the mark. */
const seed: TenancySeed = async (b) => {
  await b.call("POST", "/users", { name: `${b.mark} user`, email: "beta-user@beta.test", password: "Secret123", profile: "user" });
  await b.call("PUT", `/users/${b.adminId}`, { name: `${b.mark} admin` });
};
export default seed;
