import type { HandOverProvider } from "../../automation/server/hand-over.contract.ts";
import type { BotWrite } from "../../tickets/server/bot.contract.ts";
import type { FileListsService, FileListView } from "./file-lists.service.ts";

/** The writes that send a list: its message (variables filled by tickets), then one message per option with a file, captioned with the option's name. */
export function fileListWrites(list: FileListView): BotWrite[] {
  const files: BotWrite[] = list.options.flatMap((o) => (o.url ? [{ type: "send" as const, text: o.name, media: o.url }] : []));
  return [{ type: "send", text: list.message }, ...files];
}

/**
 * Hand-over kind `file` (issue 24's one-shot provider): a chatbot option of type "Arquivo" or a
 * queue's `fileListId` asks it once; it answers the list's writes and the chatbot keeps the
 * conversation (`onMessage` is never asked). A list deleted meanwhile sends nothing.
 */
export function fileListSender(lists: FileListsService): HandOverProvider {
  return {
    kind: "file",
    async start(ticket, ref) {
      const id = Number(ref);
      const list = Number.isSafeInteger(id) ? await lists.find(ticket.companyId, id) : null;
      return list ? fileListWrites(list) : [];
    },
    onMessage: () => [],
  };
}
