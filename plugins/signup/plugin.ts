import { definePlugin } from "../../core/plugin/manifest.ts";

/** Public company signup: a 7-day MENSAL trial on a public plan, created through `companies.create`. */
export const manifest = definePlugin({ id: "signup", dependsOn: ["companies"] });
