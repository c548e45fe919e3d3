import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

const seed: TenancySeed = async (b) => {
  await b.call("PUT", "/companySettings", { column: "greetingAcceptedMessage", data: `${b.mark} greeting` });
  await b.call("PUT", "/settings/lgpdMessage", { value: `${b.mark} consent` });
};
export default seed;
