import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import "../../automation/server/hand-over.contract.ts";
import "../../queues/server/references.contract.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { fileListSender } from "./file-list-sender.ts";
import { registerFileListsHandlers } from "./file-lists.handlers.ts";
import { FileListsService } from "./file-lists.service.ts";

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const lists = new FileListsService(ctx.db, ctx.storage, ctx.realtime);
    registerFileListsHandlers(ctx.router, lists);
    // Queues, chatbot options: `fileListId` / `optFileId` must name a list of the company.
    ctx.services.require("queues.registerReference")("fileList", { exists: (companyId, id) => lists.exists(companyId, id) });
    ctx.services.require("automation.registerHandOver")(fileListSender(lists));
  },
});
