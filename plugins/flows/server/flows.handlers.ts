import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import type { UserRow } from "../../../core/db/rows.ts";
import type { FlowCampaignsService } from "./flow-campaigns.service.ts";
import type { FlowsService, UPLOAD_RULES } from "./flows.service.ts";
import * as r from "./flows.routes.ts";

type Upload = { medias?: File | File[]; file?: File };
const filesOf = (form: Upload): File[] => [...(form.medias === undefined ? [] : Array.isArray(form.medias) ? form.medias : [form.medias]), ...(form.file ? [form.file] : [])];

/** Thin handlers: the company and the caller always come from the token. */
export function registerFlowsHandlers(router: OpenAPIHono<AppEnv>, flows: FlowsService, campaigns: FlowCampaignsService) {
  router.openapi(r.list, async (c) => c.json(await flows.page(c.get("user"), c.req.valid("query")), 200));
  router.openapi(r.create, async (c) => c.json(await flows.create(c.get("user"), c.req.valid("json").name), 200));
  router.openapi(r.rename, async (c) => c.json(await flows.rename(c.get("user"), c.req.valid("json")), 200));
  router.openapi(r.duplicate, async (c) => c.json(await flows.duplicate(c.get("user"), c.req.valid("json").flowId), 200));
  router.openapi(r.show, async (c) => c.json(await flows.show(c.get("user"), c.req.valid("param").id), 200));
  router.openapi(r.remove, async (c) => {
    await flows.remove(c.get("user"), c.req.valid("param").id);
    return c.json({ message: "Flow deleted" }, 200);
  });
  router.openapi(r.graph, async (c) => c.json(await flows.withGraph(c.get("user"), c.req.valid("param").id), 200));
  router.openapi(r.saveGraph, async (c) => c.json(await flows.saveGraph(c.get("user"), c.req.valid("json")), 200));
  router.openapi(r.versions, async (c) => c.json(await flows.versions(c.get("user"), c.req.valid("param").id), 200));
  router.openapi(r.restore, async (c) => {
    const { id, versionId } = c.req.valid("param");
    return c.json(await flows.restore(c.get("user"), id, versionId), 200);
  });
  const single = (kind: keyof typeof UPLOAD_RULES) => async (user: UserRow, form: Upload) => {
    const [first] = await flows.upload(user, kind, filesOf(form).slice(0, 1));
    return first!;
  };
  router.openapi(r.uploadImg, async (c) => c.json(await single("img")(c.get("user"), c.req.valid("form")), 200));
  router.openapi(r.uploadAudio, async (c) => c.json(await single("audio")(c.get("user"), c.req.valid("form")), 200));
  router.openapi(r.uploadVideo, async (c) => c.json(await single("video")(c.get("user"), c.req.valid("form")), 200));
  router.openapi(r.uploadContent, async (c) => c.json(await flows.upload(c.get("user"), "content", filesOf(c.req.valid("form"))), 200));

  router.openapi(r.campaignList, async (c) => c.json(await campaigns.list(c.get("user")), 200));
  router.openapi(r.campaignShow, async (c) => c.json(await campaigns.show(c.get("user"), c.req.valid("param").id), 200));
  router.openapi(r.campaignCreate, async (c) => c.json(await campaigns.create(c.get("user"), c.req.valid("json")), 200));
  router.openapi(r.campaignUpdate, async (c) => c.json(await campaigns.update(c.get("user"), c.req.valid("json")), 200));
  router.openapi(r.campaignRemove, async (c) => {
    await campaigns.remove(c.get("user"), c.req.valid("param").id);
    return c.json({ message: "Flow campaign deleted" }, 200);
  });
}
