import { useCompanyEvent } from "../../../web/src/realtime/realtime.ts";
import { useAppDispatch } from "../../../web/src/store/store.ts";
import { promptsApi } from "./prompts-api.ts";

/** `company-{id}-prompt`: any create, update or delete reloads the list (a company has few prompts). */
export function usePromptEvents(): void {
  const dispatch = useAppDispatch();
  useCompanyEvent("prompt", () => dispatch(promptsApi.util.invalidateTags(["Prompts"])));
}
