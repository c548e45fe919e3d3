import { definePlugin } from "../../core/plugin/manifest.ts";

/**
 * Office hours (spec 001 §3 'Office-hours entry'): the week of two shifts per weekday that
 * companies, queues and connections keep, its validation, the editor their screens share,
 * and the evaluator that tells whether a week is open at an instant in a time zone (what
 * inbound automation asks). No tables, routes or plan flag: each owner stores its own week.
 */
export const manifest = definePlugin({ id: "office-hours" });
