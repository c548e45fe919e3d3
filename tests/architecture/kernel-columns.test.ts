import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as kernelTables from "../../core/db/tables.ts";

/**
 * The kernel's tables hold what auth, tenancy and plan gating read on every request, nothing
 * a feature owns (the users table's comment in core/db/tables.ts says what stays and why). A
 * column or table not listed here fails: a feature's setting belongs to its plugin's table,
 * answered on the user through `UserAnswers` (core/auth/user-answers.ts) or on the plan as a
 * plan feature. Growing this list is a kernel decision, made in review.
 */
const ALLOWED: Record<string, readonly string[]> = {
  // Limits and price; feature switches are plan features (the plans plugin's `plan_features`).
  plans: ["id", "name", "users", "connections", "queues", "amount", "is_public", "created_at", "updated_at"],
  companies: [
    ...["id", "name", "email", "phone", "plan_id", "status", "due_date", "recurrence", "document", "payment_method"],
    ...["number_attendants", "number_conections", "address_street", "address_state", "address_city", "last_login", "created_at", "updated_at"],
  ],
  users: [
    // identity and sign-in
    ...["id", "company_id", "name", "email", "password_hash", "profile", "super", "profile_image"],
    ...["token_version", "refresh_rotated_to", "refresh_rotated_at", "reset_code_hash", "reset_code_expires_at"],
    // permission flags the kernel's permission rules and guards read
    ...["all_ticket", "allow_group", "all_historic", "all_user_chat", "user_close_pending_ticket", "show_dashboard", "allow_real_time", "allow_connections"],
    // work hours (the login's rule), the shell's theme and menu, presence, timestamps
    ...["start_work", "end_work", "default_theme", "default_menu", "online", "last_seen_at", "created_at", "updated_at"],
  ],
  settings: ["id", "company_id", "key", "value", "created_at", "updated_at"],
  company_settings: ["id", "company_id", "column", "data", "created_at", "updated_at"],
  jobs: [
    "id",
    "kind",
    "company_id",
    "payload",
    "due_at",
    "lease_until",
    "lease_owner",
    "attempts",
    "max_attempts",
    "status",
    "last_error",
    "dedupe_key",
    // the runner's lanes, pinning to a process-held resource and paced slots (core/jobs/)
    "lane",
    "affinity",
    "paced_at",
    "created_at",
    "updated_at",
  ],
  job_lanes: ["lane", "next_at"],
};

const declared = Object.values(kernelTables).flatMap((v) => (v instanceof SQLiteTable ? [getTableConfig(v)] : []));

describe("the kernel's tables carry no feature column", () => {
  it("every kernel table and column is on the allow-list", () => {
    const unexpected: string[] = [];
    for (const t of declared) {
      const allowed = ALLOWED[t.name];
      if (!allowed) unexpected.push(`table ${t.name}`);
      else for (const c of t.columns) if (!allowed.includes(c.name)) unexpected.push(`${t.name}.${c.name}`);
    }
    expect(unexpected, "a feature's column belongs to its plugin's table (see core/db/tables.ts, users)").toEqual([]);
  });

  it("the default connection, the ticket-list width, the farewell and the campaigns switch stay with their plugins", () => {
    const columns = declared.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`));
    expect(columns.filter((c) => /\.(whatsapp_id|default_tickets_manager_width|farewell_message|campaigns_enabled)$/.test(c))).toEqual([]);
    // The kernel's schema names no campaigns column under any name (the campaigns plugin's company setting holds it).
    expect(columns.filter((c) => /campaign/i.test(c))).toEqual([]);
    expect(Object.keys(kernelTables.companies)).not.toContain("campaignsEnabled");
  });
});
