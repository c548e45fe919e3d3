import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Queues (sectors/departments) of a company with their office hours and chatbot option
 * trees, and which users work which queues. Every signed-in user reads the list
 * (attendants pick queues); only admins change it.
 */
export const manifest = definePlugin({ id: "queues" });
