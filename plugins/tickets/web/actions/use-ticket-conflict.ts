import { useState } from "react";
import { useLocation } from "wouter";
import { useSession } from "../../../../web/src/session/session.ts";
import type { OpenTicketConflict } from "../../shared/ticket-types.ts";
import { parseConflict } from "./ticket-conflict.ts";

/**
 * What to do when the contact already has a live ticket (spec 000 §4, §8): the caller's
 * own ticket is simply opened; someone else's is named in the 'ticket already open' dialog.
 * `handle(err)` answers "own" or "other" for such a conflict, false for any other error.
 */
export function useTicketConflict() {
  const { user } = useSession();
  const [, navigate] = useLocation();
  const [conflict, setConflict] = useState<OpenTicketConflict | null>(null);
  const show = (other: OpenTicketConflict): "own" | "other" => {
    if (other.userId !== null && other.userId === user?.id) {
      navigate(`/tickets/${other.uuid}`);
      return "own";
    }
    setConflict(other);
    return "other";
  };
  const handle = (err: unknown): "own" | "other" | false => {
    const other = parseConflict(err);
    return other ? show(other) : false;
  };
  return { conflict, handle, show, close: () => setConflict(null) };
}
