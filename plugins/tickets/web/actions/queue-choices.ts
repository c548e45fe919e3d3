import { useSession } from "../../../../web/src/session/session.ts";
import { useQueueOptionsQuery, type QueueOption } from "../extras-api.ts";

/**
 * The queues a person may take a ticket into: their own queues, or every queue of the
 * company when they have none (an admin without queues still has to be able to choose).
 * `all` lists the company's queues regardless (transfers go to any queue).
 */
export function useQueueChoices({ skip = false, all = false }: { skip?: boolean; all?: boolean } = {}): { queues: QueueOption[]; loading: boolean } {
  const { user } = useSession();
  const own = (user?.queues ?? []).map((q) => ({ id: q.id, name: q.name, color: q.color ?? "" }));
  const needsList = all || own.length === 0;
  const { data, isLoading } = useQueueOptionsQuery(undefined, { skip: skip || !needsList });
  if (!needsList) return { queues: own, loading: false };
  return { queues: (data ?? []).map(({ id, name, color }) => ({ id, name, color })), loading: isLoading };
}
