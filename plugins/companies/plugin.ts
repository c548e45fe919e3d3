import { definePlugin } from "../../core/plugin/manifest.ts";

export const manifest = definePlugin({ id: "companies" });
