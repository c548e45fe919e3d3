import type { TenancySeed } from "../../../tests/tenancy/seed-context.ts";

const seed: TenancySeed = async (b) => {
  await b.call("POST", "/quick-messages", { shortcode: `${b.mark} quick`, message: `${b.mark} reply`, geral: true, visao: true });
};
export default seed;
