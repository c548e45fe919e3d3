import { defineServerPlugin } from "../../../core/plugin/server-plugin.ts";
import { manifest } from "../plugin.ts";
import { migrations } from "../schema/migrations/migrations.gen.ts";
import { registerContactsImportHandlers } from "./contacts-import.handlers.ts";
import { ImportRunner, RUN_JOB } from "./import/import-runner.ts";
import { ImportService } from "./import/import-service.ts";
import { ImportFeed } from "./import/import-view.ts";
import { UploadStore } from "./import/upload-store.ts";
import { registerLegacyImportHandlers } from "./legacy/legacy-import.handlers.ts";
import { LegacyImport } from "./legacy/legacy-import.service.ts";
import "../../contacts/server/contacts.contract.ts";
import "../../tags/server/tags.contract.ts";

export default defineServerPlugin({
  manifest,
  migrations,
  setup(ctx) {
    const store = new UploadStore(ctx.config.DATA_DIR, ctx.config.UPLOAD_MAX_BYTES);
    const feed = new ImportFeed(ctx.realtime);
    const imports = new ImportService(ctx.db, ctx.services, ctx.jobs, store, feed);
    const runner = new ImportRunner({ db: ctx.db, services: ctx.services, jobs: ctx.jobs, log: ctx.log, store, feed });
    ctx.jobs.define<{ importId: number }>(RUN_JOB, (job) => runner.run(job));
    // Hourly: uploads never started are discarded after a day.
    ctx.jobs.schedule("sweep", "17 * * * *", async () => {
      await imports.sweep();
    });
    registerContactsImportHandlers(ctx.router, imports, ctx.services);
    registerLegacyImportHandlers(ctx.router, new LegacyImport(ctx.db, ctx.services, imports), ctx.services);
  },
});
