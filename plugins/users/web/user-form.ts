import type { User, UserChanges } from "./users-api.ts";

/** The Permissions tab's switches (spec 001 §3 'User'). */
export const toggleFlags = ["allHistoric", "allUserChat", "userClosePendingTicket", "showDashboard", "allowRealTime", "allowConnections"] as const;
export type ToggleFlag = (typeof toggleFlags)[number];

/** The dialog's fields: the user's editable ones, typed as the API answers them, plus the password. */
export type UserForm = Pick<
  User,
  "name" | "email" | "profile" | "startWork" | "endWork" | "defaultTheme" | "defaultMenu" | "farewellMessage" | "allTicket" | "allowGroup" | ToggleFlag
> & { password: string; queueIds: number[] };

/** A new user's defaults (spec 001 §5, 000 §9): 00:00–23:59, profile user, light, open, permissions off. */
export const newUserForm: UserForm = {
  name: "",
  email: "",
  password: "",
  profile: "user",
  startWork: "00:00",
  endWork: "23:59",
  defaultTheme: "light",
  defaultMenu: "open",
  farewellMessage: "",
  allTicket: "disable",
  allowGroup: false,
  allHistoric: "disabled",
  allUserChat: "disabled",
  userClosePendingTicket: "disabled",
  showDashboard: "disabled",
  allowRealTime: "disabled",
  allowConnections: "disabled",
  queueIds: [],
};

export function formFromUser(u: User): UserForm {
  const form = { ...newUserForm };
  for (const key of Object.keys(form) as (keyof UserForm)[])
    if (key !== "password" && u[key as keyof User] !== undefined) (form as Record<string, unknown>)[key] = u[key as keyof User];
  form.queueIds = (u.queues ?? []).map((q) => q.id);
  return form;
}

/** i18n keys of the form's messages (`validation.*`). */
export type FieldError = "required" | "tooShort" | "tooLong" | "invalidEmail" | "invalidTime" | "invalidQueue";
export type FormErrors = Partial<Record<keyof UserForm, FieldError>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The spec's user-form rules: name 2–50, password 5–50 (new users; optional on edit), valid e-mail. */
export function validateUser(form: UserForm, isNew: boolean): FormErrors {
  const errors: FormErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = "required";
  else if (name.length < 2) errors.name = "tooShort";
  else if (name.length > 50) errors.name = "tooLong";
  const email = form.email.trim();
  if (!email) errors.email = "required";
  else if (!EMAIL.test(email)) errors.email = "invalidEmail";
  if (isNew && !form.password) errors.password = "required";
  else if (form.password && form.password.length < 5) errors.password = "tooShort";
  else if (form.password.length > 50) errors.password = "tooLong";
  if (!TIME.test(form.startWork)) errors.startWork = "invalidTime";
  if (!TIME.test(form.endWork)) errors.endWork = "invalidTime";
  return errors;
}

/** The server's English field messages, as the form's keys. */
export function serverFieldError(message: string): FieldError {
  if (message === "Too Short!") return "tooShort";
  if (message === "Too Long!") return "tooLong";
  if (message === "Invalid email") return "invalidEmail";
  if (/time/i.test(message)) return "invalidTime";
  if (/queue/i.test(message)) return "invalidQueue";
  return "required";
}

export interface Rights {
  /** `user-modal:editProfile`: profile, work hours, the Permissions tab. */
  editProfile: boolean;
  /** `user-modal:editQueues` with the queues plugin answering: the queues the user works. */
  editQueues?: boolean;
}

/**
 * What the dialog sends: only the fields the person may change, so a plain user editing
 * their own profile never sends (and is never refused for) profile or permission fields.
 */
export function toPayload(form: UserForm, rights: Rights): UserChanges & { name: string; email: string } {
  const payload: UserChanges & { name: string; email: string } = {
    name: form.name.trim(),
    email: form.email.trim().toLowerCase(),
    defaultTheme: form.defaultTheme,
    defaultMenu: form.defaultMenu,
    farewellMessage: form.farewellMessage,
  };
  if (form.password) payload.password = form.password;
  if (rights.editProfile) {
    Object.assign(payload, {
      profile: form.profile,
      startWork: form.startWork,
      endWork: form.endWork,
      allTicket: form.allTicket,
      allowGroup: form.allowGroup,
    });
    for (const flag of toggleFlags) payload[flag] = form[flag];
  }
  if (rights.editQueues) payload.queueIds = form.queueIds;
  return payload;
}
