import type { CompanyRow } from "../../../core/db/rows.ts";
import type { PublicUser } from "../../../core/auth/session-user.ts";

export type { CompanyRow };
export type PublicUserRow = PublicUser;
