import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../../core/http/env.ts";
import { xlsxStream } from "../../../../core/spreadsheet/index.ts";
import type { ContactListsService } from "./contact-lists.service.ts";
import * as r from "./contact-lists.routes.ts";

/** Thin handlers: the company always comes from the token. */
export function registerContactListHandlers(router: OpenAPIHono<AppEnv>, lists: ContactListsService) {
  const company = (c: { get(k: "user"): { companyId: number } }) => c.get("user").companyId;

  router.openapi(r.all, async (c) => c.json(await lists.all(company(c)), 200));
  router.openapi(r.sample, async (c) => {
    async function* pages() {
      yield [["Maria Silva", "5511999990001", "maria@example.com"]];
    }
    const stream = xlsxStream(pages(), { sheetName: "Contatos", header: ["Nome", "Numero", "Email"], widths: [32, 18, 32] });
    return c.body(stream, 200, {
      "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "content-disposition": 'attachment; filename="planilha.xlsx"',
    });
  });
  router.openapi(r.page, async (c) => c.json(await lists.page(company(c), c.req.valid("query")), 200));
  router.openapi(r.show, async (c) => c.json(await lists.get(company(c), c.req.valid("param").id), 200));
  router.openapi(r.create, async (c) => c.json(await lists.create(company(c), c.req.valid("json")), 200));
  router.openapi(r.update, async (c) => c.json(await lists.update(company(c), c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.remove, async (c) => {
    await lists.remove(company(c), c.req.valid("param").id);
    return c.json({ message: "Contact list deleted" }, 200);
  });
  router.openapi(r.upload, async (c) => c.json(await lists.upload(company(c), c.req.valid("param").id, c.req.valid("form").file, c.req.valid("form").whatsappId), 200));
  router.openapi(r.items, async (c) => c.json(await lists.items(company(c), c.req.valid("query")), 200));
  router.openapi(r.showItem, async (c) => c.json(await lists.item(company(c), c.req.valid("param").id), 200));
  router.openapi(r.createItem, async (c) => c.json(await lists.createItem(company(c), c.req.valid("json")), 200));
  router.openapi(r.updateItem, async (c) => c.json(await lists.updateItem(company(c), c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.removeItem, async (c) => {
    await lists.removeItem(company(c), c.req.valid("param").id);
    return c.json({ message: "Contact deleted" }, 200);
  });
}
