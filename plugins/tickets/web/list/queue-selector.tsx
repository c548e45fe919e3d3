import { useTranslation } from "react-i18next";
import type { SessionUser } from "../../../../web/src/session/session.ts";
import { MultiPick, type PickOption } from "./multi-pick.tsx";

/**
 * The queues the user may pick: their own. Tickets without a queue are not a choice:
 * whoever may see them (admins, allTicket users) always sees them, on the server and here.
 */
export function queueOptions(user: SessionUser | null): PickOption<number>[] {
  return (user?.queues ?? []).map((q) => ({ value: q.id, label: q.name, color: q.color ?? null }));
}

/** Every offered queue starts chosen; null (no restriction) for someone with nothing to choose. */
export function defaultQueueIds(user: SessionUser | null): number[] | null {
  const ids = queueOptions(user).map((o) => o.value);
  return ids.length ? ids : null;
}

/** Limits the lists to the chosen queues (sent as queueIds JSON). */
export function QueueSelector({ user, selected, onChange }: { user: SessionUser | null; selected: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation("tickets");
  return <MultiPick label={t("list.queues")} icon="layers" options={queueOptions(user)} selected={selected} onChange={onChange} />;
}
