import { Intent } from "@blueprintjs/core";
import type { ScheduleView } from "./schedules-api.ts";

/** ERRO shows as a send error (spec 000 §3), ENVIADA as done, PENDENTE as waiting. */
export const statusIntent = (status: ScheduleView["status"]): Intent => (status === "ERRO" ? Intent.DANGER : status === "ENVIADA" ? Intent.SUCCESS : Intent.PRIMARY);
