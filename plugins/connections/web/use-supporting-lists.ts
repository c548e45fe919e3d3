import { useGetFlowOptionsQuery, useGetIntegrationOptionsQuery, useGetPromptOptionsQuery, useGetQueueOptionsQuery, type NamedOption } from "./connections-api.ts";

/** A list that loaded, else null: a missing plugin (404) or any failure hides the field that needs it. */
const loadedOrNull = (q: { data?: NamedOption[]; isError: boolean }) => (q.isError || !q.data ? null : q.data);

/** The dialog's supporting reads (spec 001 §7): queues, prompts, integrations and flows. */
export function useSupportingLists(active: boolean) {
  const options = { skip: !active, refetchOnMountOrArgChange: true };
  const queues = useGetQueueOptionsQuery(undefined, options);
  const prompts = useGetPromptOptionsQuery(undefined, options);
  const integrations = useGetIntegrationOptionsQuery(undefined, options);
  const flows = useGetFlowOptionsQuery(undefined, options);
  return {
    queues: loadedOrNull(queues),
    prompts: loadedOrNull(prompts),
    integrations: loadedOrNull(integrations),
    flows: loadedOrNull(flows),
  };
}
