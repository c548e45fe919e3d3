import type { Hook } from "@hono/zod-openapi";
import type { ZodError } from "zod";
import { AppError } from "../errors.ts";
import type { AppEnv } from "./env.ts";

/** Turns zod issues into `{ field: message }`, saying "Required" for a missing field. */
export function fieldErrors(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "body";
    if (fields[key]) continue;
    const missing = issue.code === "invalid_type" && /received undefined/.test(issue.message);
    fields[key] = missing ? "Required" : issue.message;
  }
  return fields;
}

/** The validation hook every router uses: a failed parse becomes ERR_VALIDATION naming the fields. */
// biome-ignore lint/suspicious/noExplicitAny: zod-openapi's Hook generics are wide on purpose
export const validationHook: Hook<any, AppEnv, any, any> = (result) => {
  if (!result.success) throw new AppError("ERR_VALIDATION", { fields: fieldErrors(result.error) });
};
