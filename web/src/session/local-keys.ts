import { tokenStore } from "../api/api.ts";
import type { SessionUser } from "./types.ts";

/** The spec's localStorage keys of a session; all of them go on logout. */
export const sessionKeys = ["token", "profileImage", "companyDueDate", "cshow", "sendSignMessage"] as const;

/** "2025-03-07" -> "07/03/2025": the spec keeps the due date locally as day/month/year. */
export function dueDateToLocal(dueDate: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(dueDate ?? "");
  return m ? `${m[3]}/${m[2]}/${m[1]}` : "";
}

function safely(fn: () => void) {
  try {
    fn();
  } catch {
    // Storage can be unavailable (private mode, quota): the session still works in memory.
  }
}

/** Mirrors what the spec keeps locally for a signed-in user. */
export function saveSessionLocals(token: string, user: SessionUser): void {
  safely(() => {
    tokenStore.set(token);
    if (user.profileImage) localStorage.setItem("profileImage", user.profileImage);
    else localStorage.removeItem("profileImage");
    localStorage.setItem("companyDueDate", dueDateToLocal(user.company?.dueDate));
  });
}

export function clearSessionStorage(): void {
  safely(() => {
    for (const key of sessionKeys) localStorage.removeItem(key);
  });
}
