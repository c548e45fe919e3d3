import { z } from "@hono/zod-openapi";
import { OptionalRefId } from "../../../core/http/loose-values.ts";
import { BoolLike, FileField } from "../../../core/http/schemas.ts";
import { profiles, toggles } from "../../../core/db/tables.ts";

/** The spec's bounds (001 §5 'User form'). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_EXTENSIONS = [".png", ".jpg", ".jpeg", ".gif", ".webp"] as const;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Invalid time (HH:mm)");
const toggle = z.enum(toggles, "Invalid value");
/** Forms send "" for "no value": treat it as absent so "unchanged" stays unchanged. */
const blankAsUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

const name = z.string().trim().min(1, "Required").min(2, "Too Short!").max(50, "Too Long!");
const email = z.string().trim().toLowerCase().min(1, "Required").email("Invalid email").max(150, "Too Long!");
const password = z.string().min(5, "Too Short!").max(50, "Too Long!");
/** A default connection id, or null for none (spec clients send false, "", null, [] or 0). */
const whatsappId = OptionalRefId;

/** The fields whose change needs `user-modal:editProfile`. */
export const profileFields = [
  "profile",
  "startWork",
  "endWork",
  "allTicket",
  "allowGroup",
  "allHistoric",
  "allUserChat",
  "userClosePendingTicket",
  "showDashboard",
  "allowRealTime",
  "allowConnections",
] as const;
/** The fields whose change needs `user-modal:editQueues` (`queueIds` too, checked against the queues plugin). */
export const queueFields = ["whatsappId"] as const;

/** The queues a user works (kept by the queues plugin; ignored when it is not installed). */
const queueIds = z.array(z.coerce.number("Invalid queue").int("Invalid queue").positive("Invalid queue"), "Invalid value").max(500, "Too many queues");

const shared = {
  profile: z.enum(profiles, "Invalid value"),
  super: BoolLike,
  startWork: time,
  endWork: time,
  whatsappId,
  allTicket: z.enum(["enable", "disable"], "Invalid value"),
  allowGroup: BoolLike,
  defaultTheme: z.enum(["light", "dark"], "Invalid value"),
  defaultMenu: z.enum(["open", "closed"], "Invalid value"),
  allHistoric: toggle,
  allUserChat: toggle,
  userClosePendingTicket: toggle,
  showDashboard: toggle,
  allowRealTime: toggle,
  allowConnections: toggle,
  farewellMessage: z.string().max(1000, "Too Long!"),
};

/**
 * A new user. Unknown keys (companyId) are dropped: the company is always the caller's.
 * `queueIds` goes to the queues plugin when it is installed.
 */
export const UserInput = z
  .object({
    name,
    email,
    password,
    profile: shared.profile.optional().default("user"),
    super: shared.super.optional().default(false),
    startWork: shared.startWork.optional().default("00:00"),
    endWork: shared.endWork.optional().default("23:59"),
    whatsappId: shared.whatsappId.optional().default(null),
    allTicket: shared.allTicket.optional().default("disable"),
    allowGroup: shared.allowGroup.optional().default(false),
    defaultTheme: shared.defaultTheme.optional().default("light"),
    defaultMenu: shared.defaultMenu.optional().default("open"),
    allHistoric: toggle.optional().default("disabled"),
    allUserChat: toggle.optional().default("disabled"),
    userClosePendingTicket: toggle.optional().default("disabled"),
    showDashboard: toggle.optional().default("disabled"),
    allowRealTime: toggle.optional().default("disabled"),
    allowConnections: toggle.optional().default("disabled"),
    farewellMessage: shared.farewellMessage.optional().default(""),
    queueIds: queueIds.optional(),
  })
  .openapi("UserInput");
export type UserInput = z.infer<typeof UserInput>;

/** A change to a user: every field optional; an empty password means "keep the current one". */
export const UserPatch = z
  .object({
    name: name.optional(),
    email: email.optional(),
    password: z.preprocess(blankAsUndefined, password.optional()),
    profile: shared.profile.optional(),
    super: shared.super.optional(),
    startWork: shared.startWork.optional(),
    endWork: shared.endWork.optional(),
    whatsappId: shared.whatsappId.optional(),
    allTicket: shared.allTicket.optional(),
    allowGroup: shared.allowGroup.optional(),
    defaultTheme: shared.defaultTheme.optional(),
    defaultMenu: shared.defaultMenu.optional(),
    allHistoric: toggle.optional(),
    allUserChat: toggle.optional(),
    userClosePendingTicket: toggle.optional(),
    showDashboard: toggle.optional(),
    allowRealTime: toggle.optional(),
    allowConnections: toggle.optional(),
    farewellMessage: shared.farewellMessage.optional(),
    /** Only "" / null (remove) or a path the avatar upload produced for this company. */
    profileImage: z.string().max(300, "Too Long!").nullable().optional(),
    queueIds: queueIds.optional(),
  })
  .openapi("UserPatch");
export type UserPatch = z.infer<typeof UserPatch>;

export const AvatarForm = z
  .object({
    profileImage: FileField,
    /** Sent by the spec's client; the user comes from the path. */
    userId: z.string().optional(),
    typeArch: z.string().optional(),
  })
  .openapi("AvatarUpload");

/**
 * A user as the API shows it: never the password hash, reset code or token version.
 * `whatsappId` is stored by the connections plugin, `defaultTicketsManagerWidth` and
 * `farewellMessage` by the tickets plugin; all reach every answer through the kernel's `UserAnswers`.
 */
export const User = z
  .object({
    id: z.number(),
    companyId: z.number(),
    name: z.string(),
    email: z.string(),
    profile: z.enum(profiles),
    super: z.boolean(),
    profileImage: z.string().nullable(),
    farewellMessage: z.string(),
    startWork: z.string(),
    endWork: z.string(),
    whatsappId: z.number().nullable(),
    allTicket: z.enum(["enable", "disable"]),
    allowGroup: z.boolean(),
    defaultTheme: z.enum(["light", "dark"]),
    defaultMenu: z.enum(["open", "closed"]),
    allHistoric: toggle,
    allUserChat: toggle,
    userClosePendingTicket: toggle,
    showDashboard: toggle,
    allowRealTime: toggle,
    allowConnections: toggle,
    defaultTicketsManagerWidth: z.number(),
    online: z.boolean(),
    lastSeenAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The queues the user works (empty without the queues plugin); in single-user answers. */
    queues: z.array(z.object({ id: z.number(), name: z.string(), color: z.string() })).optional(),
  })
  .openapi("User");

export const UserPage = z.object({ users: z.array(User), count: z.number(), hasMore: z.boolean() }).openapi("UserPage");

/** What selectors need (transfer dialogs, filters): no e-mail, no flags. */
export const UserSummary = z
  .object({ id: z.number(), name: z.string(), profile: z.enum(profiles), online: z.boolean(), profileImage: z.string().nullable() })
  .openapi("UserSummary");
