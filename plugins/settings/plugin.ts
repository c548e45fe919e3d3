import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Platform settings (super user: user creation, download limit, payment credentials,
 * whitelabel, the PIX certificate) and each company's options (admins, saved on change).
 */
export const manifest = definePlugin({ id: "settings" });
