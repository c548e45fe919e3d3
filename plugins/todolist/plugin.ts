import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * The to-do list (spec 002 §2.19, §3 "Task"): a user's own tasks, kept only on the user's
 * device (the browser's localStorage, one list per signed-in user). Web only: no server part,
 * no table, no plan flag (the spec names none).
 */
export const manifest = definePlugin({ id: "todolist" });
