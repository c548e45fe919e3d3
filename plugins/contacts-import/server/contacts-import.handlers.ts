import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { AppEnv } from "../../../core/http/env.ts";
import type { Services } from "../../../core/plugin/services.ts";
import { csvStream, EXPORT_PAGE, xlsxStream } from "./export/contacts-export.ts";
import { exportFileName } from "../shared/export-file.ts";
import type { ImportService, Starter } from "./import/import-service.ts";
import * as r from "./contacts-import.routes.ts";

const TYPES = { xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", csv: "text/csv; charset=utf-8" };

/** Thin handlers: the caller's company and user, the validated input, the service call. */
export function registerContactsImportHandlers(router: OpenAPIHono<AppEnv>, imports: ImportService, services: Services) {
  const who = (c: Context<AppEnv>): Starter => ({ companyId: c.get("user").companyId, userId: c.get("user").id });
  const company = (c: Context<AppEnv>) => c.get("user").companyId;

  router.openapi(r.upload, async (c) => c.json(await imports.upload(who(c), c.req.valid("form").file), 200));
  router.openapi(r.list, async (c) => c.json({ imports: await imports.list(company(c)) }, 200));
  router.openapi(r.start, async (c) => c.json(await imports.start(who(c), c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.startWhatsapp, async (c) => c.json(await imports.startWhatsapp(who(c), c.req.valid("param").whatsappId, c.req.valid("json").tags), 200));
  router.openapi(r.show, async (c) => c.json(await imports.get(company(c), c.req.valid("param").id), 200));
  router.openapi(r.errors, async (c) => c.json(await imports.errors(company(c), c.req.valid("param").id), 200));
  router.openapi(r.cancel, async (c) => c.json(await imports.cancel(company(c), c.req.valid("param").id), 200));
  router.openapi(r.exportContacts, async (c) => {
    const user = c.get("user");
    const { format } = c.req.valid("param");
    const { lang, ...filter } = c.req.valid("query");
    const viewer = { companyId: user.companyId, masked: await services.require("contacts.masksNumbersFor")(user) };
    const pages = services.require("contacts.exportPages")(viewer, filter, EXPORT_PAGE);
    const stream = format === "xlsx" ? xlsxStream(pages, lang) : csvStream(pages, lang);
    return c.body(stream, 200, {
      "content-type": TYPES[format],
      "content-disposition": `attachment; filename="${exportFileName(lang, format)}"`,
      "cache-control": "no-store",
    });
  });
}
