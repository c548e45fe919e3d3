import { definePlugin } from "../../core/plugin/manifest.ts";

/** Forgotten password: a 6-digit code sent by e-mail (SMTP from the environment), then a new password. */
export const manifest = definePlugin({ id: "password-reset" });
