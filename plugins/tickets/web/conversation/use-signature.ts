import { useState } from "react";
import { useSession } from "../../../../web/src/session/session.ts";
import { SIGN_STORAGE_KEY } from "./message-rules.ts";

/** The remembered signature choice; on until the attendant turns it off. */
export function readSignPreference(): boolean {
  return localStorage.getItem(SIGN_STORAGE_KEY) !== "false";
}

/**
 * The signature toggle (spec 000 §6, §9): offered only when the company setting
 * sendSignMessage is "enabled", remembered in localStorage "sendSignMessage".
 * `sign` is what to send: false whenever the option is not offered.
 */
export function useSignature() {
  const { settings } = useSession();
  const allowed = settings.sendSignMessage === "enabled";
  const [on, setOn] = useState(readSignPreference);
  const set = (value: boolean) => {
    localStorage.setItem(SIGN_STORAGE_KEY, String(value));
    setOn(value);
  };
  return { allowed, on, set, sign: allowed && on };
}
