import { useGetQueueOptionsQuery, type NamedOption } from "./connections-api.ts";

/** A list that loaded, else null: a failing read hides the field that needs it. */
const loadedOrNull = (q: { data?: NamedOption[]; isError: boolean }) => (q.isError || !q.data ? null : q.data);

/**
 * The dialog's supporting reads (spec 001 §7): the company's queues. Integrations, prompts and
 * flows are not read here: their plugins contribute selectors to `connections.dialog.handlers`.
 */
export function useSupportingLists(active: boolean) {
  const queues = useGetQueueOptionsQuery(undefined, { skip: !active, refetchOnMountOrArgChange: true });
  return { queues: loadedOrNull(queues) };
}
