import { sql } from "drizzle-orm";
import { index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, id, timestamps } from "./columns.ts";

/**
 * The kernel owns the identity and tenancy tables because auth, tenancy and plan
 * gating need them on every request. Feature plugins (companies, plans, users,
 * settings) own the routes, rules and screens over them; every other table lives
 * in the plugin that owns it.
 */

/**
 * A plan's name, limits and price. Its feature switches are not columns:
 * plugins declare them and the plans plugin stores them (`plan_features`; its README says
 * how the old columns moved there).
 */
export const plans = sqliteTable("plans", {
  id: id(),
  name: text("name").notNull().unique(),
  users: integer("users").notNull().default(0),
  connections: integer("connections").notNull().default(0),
  queues: integer("queues").notNull().default(0),
  amount: real("amount").notNull().default(0),
  isPublic: bool("is_public").notNull().default(true),
  ...timestamps,
});

export const recurrences = ["MENSAL", "BIMESTRAL", "TRIMESTRAL", "SEMESTRAL", "ANUAL"] as const;
export type Recurrence = (typeof recurrences)[number];

export const companies = sqliteTable(
  "companies",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    planId: integer("plan_id").references(() => plans.id),
    status: bool("status").notNull().default(true),
    /** YYYY-MM-DD; the company may work while today is before it. */
    dueDate: text("due_date"),
    recurrence: text("recurrence", { enum: recurrences }).notNull().default("MENSAL"),
    document: text("document").notNull().default(""),
    paymentMethod: text("payment_method").notNull().default(""),
    numberAttendants: integer("number_attendants").notNull().default(1),
    numberConections: integer("number_conections").notNull().default(1),
    addressStreet: text("address_street").notNull().default(""),
    addressState: text("address_state").notNull().default(""),
    addressCity: text("address_city").notNull().default(""),
    lastLogin: text("last_login"),
    ...timestamps,
  },
  (t) => [uniqueIndex("companies_name_unique").on(sql`lower(${t.name})`)],
);

export const profiles = ["user", "admin"] as const;
export type Profile = (typeof profiles)[number];
/** Most user permission flags are enabled/disabled strings, as clients of the product send them. */
export const toggles = ["enabled", "disabled"] as const;
export type Toggle = (typeof toggles)[number];

/**
 * What the kernel keeps of a user: identity and sign-in (name, e-mail, password, profile,
 * `super`, avatar, token version, refresh rotation, reset code), the permission flags the
 * kernel's permission rules and guards read on every request (`allTicket`, `allowGroup`,
 * `allHistoric`, `allUserChat`, `userClosePendingTicket`, `showDashboard`, `allowRealTime`,
 * `allowConnections`), the work hours the login refuses outside of (`startWork`, `endWork`),
 * the shell's theme and menu, and presence (`online`, `lastSeenAt`).
 * A setting whose meaning a plugin owns is stored by that plugin and answered on the user
 * through `UserAnswers` (core/auth/user-answers.ts): the default connection (`whatsappId`,
 * connections' `user_default_connections`), the ticket-list width
 * (`defaultTicketsManagerWidth`, tickets' `ticket_list_preferences`) and the farewell said on
 * resolve (`farewellMessage`, tickets' `user_farewell_messages`).
 * A company's `campaignsEnabled` is the campaigns plugin's company setting (company_settings).
 * `tests/architecture/kernel-columns.test.ts` lists these columns: a new one fails it.
 */
export const users = sqliteTable(
  "users",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    profile: text("profile", { enum: profiles }).notNull().default("user"),
    super: bool("super").notNull().default(false),
    profileImage: text("profile_image"),
    startWork: text("start_work").notNull().default("00:00"),
    endWork: text("end_work").notNull().default("23:59"),
    allTicket: text("all_ticket", { enum: ["enable", "disable"] })
      .notNull()
      .default("disable"),
    allowGroup: bool("allow_group").notNull().default(false),
    defaultTheme: text("default_theme", { enum: ["light", "dark"] })
      .notNull()
      .default("light"),
    defaultMenu: text("default_menu", { enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    allHistoric: text("all_historic", { enum: toggles }).notNull().default("disabled"),
    allUserChat: text("all_user_chat", { enum: toggles }).notNull().default("disabled"),
    userClosePendingTicket: text("user_close_pending_ticket", { enum: toggles }).notNull().default("disabled"),
    showDashboard: text("show_dashboard", { enum: toggles }).notNull().default("disabled"),
    allowRealTime: text("allow_real_time", { enum: toggles }).notNull().default("disabled"),
    allowConnections: text("allow_connections", { enum: toggles }).notNull().default("disabled"),
    online: bool("online").notNull().default(false),
    lastSeenAt: text("last_seen_at"),
    /** Bumped on login, logout, password change and each refresh: refresh tokens carrying an older one die. */
    tokenVersion: integer("token_version").notNull().default(0),
    /**
     * The token version the last refresh rotated to, and when (ms since the epoch): while it is
     * still the current version, the one before it works for a short grace (parallel refreshes).
     */
    refreshRotatedTo: integer("refresh_rotated_to"),
    refreshRotatedAt: integer("refresh_rotated_at"),
    resetCodeHash: text("reset_code_hash"),
    resetCodeExpiresAt: text("reset_code_expires_at"),
    ...timestamps,
  },
  (t) => [uniqueIndex("users_email_unique").on(sql`lower(${t.email})`), index("users_company_idx").on(t.companyId)],
);

/** Platform-level and per-company key/value settings (`/settings`). */
export const settings = sqliteTable(
  "settings",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    value: text("value").notNull().default(""),
    ...timestamps,
  },
  (t) => [uniqueIndex("settings_company_key_unique").on(t.companyId, t.key)],
);

/** Company options (`/companySettings`, column/data pairs). */
export const companySettings = sqliteTable(
  "company_settings",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    column: text("column").notNull(),
    data: text("data").notNull().default(""),
    ...timestamps,
  },
  (t) => [uniqueIndex("company_settings_company_column_unique").on(t.companyId, t.column)],
);

/**
 * Durable work: scheduled jobs and the outbox. A row with a due time is claimed with a
 * lease, so a restart resumes it and two nodes never run it twice at once.
 */
export const jobs = sqliteTable(
  "jobs",
  {
    id: id(),
    kind: text("kind").notNull(),
    companyId: integer("company_id"),
    payload: text("payload").notNull().default("{}"),
    dueAt: integer("due_at").notNull(),
    leaseUntil: integer("lease_until"),
    leaseOwner: text("lease_owner"),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    status: text("status", { enum: ["pending", "running", "done", "failed"] })
      .notNull()
      .default("pending"),
    lastError: text("last_error"),
    /** Optional idempotency key: enqueueing the same key twice keeps one row (until the row is swept). */
    dedupeKey: text("dedupe_key").unique(),
    /** The lane it runs in, set at enqueue: the kind, or `<kind>:<lane(payload)>` (rows older than lanes got their kind by migration). */
    lane: text("lane"),
    /** The process-held resource it needs (`whatsapp:12`), set at enqueue from the kind's `affinity`; null: any process. */
    affinity: text("affinity"),
    /** The start slot a paced job reserved in its lane (job_lanes), in ms; null until it reserves one. */
    pacedAt: integer("paced_at"),
    ...timestamps,
  },
  // Claims read three ranges of it (core/jobs/job-statements.ts): due rows any process may run
  // (affinity null), due rows of the resources this process holds, and running rows (few).
  // It carries the lane so the rows of lanes busy here are skipped in the index, without
  // reading the table: under a backlog in a busy lane that cost most of a claim.
  // jobs_lane_idx: a lane's next rows, which the lane takes itself once its last job here ran.
  (t) => [index("jobs_due_idx").on(t.status, t.affinity, t.dueAt, t.lane), index("jobs_lane_idx").on(t.lane, t.status, t.dueAt)],
);

/**
 * Durable pacing of job lanes (core/jobs/job-pacing.ts): the earliest time the lane's next
 * paced job may start, shared by every process on the database, so a restart or a second
 * process keeps the gap. Rows of lanes idle for a day are swept.
 */
export const jobLanes = sqliteTable("job_lanes", {
  lane: text("lane").primaryKey(),
  nextAt: integer("next_at").notNull(),
});
