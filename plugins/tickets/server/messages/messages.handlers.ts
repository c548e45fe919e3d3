import type { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../../../../core/http/env.ts";
import { AppError } from "../../../../core/errors.ts";
import type { Forwarder } from "./messages-forward.ts";
import { callMessage, copyMessage, listMessage, pixMessage, urlMessage } from "./messages-interactive.ts";
import type { MessagesService } from "./messages.service.ts";
import * as r from "./messages.routes.ts";
import type { SendFormBody, SendJsonBody } from "./messages.schemas.ts";
import type { Transcriber } from "./transcription.ts";

/** Thin handlers: the caller, the validated input, the service call. */
export function registerMessagesHandlers(router: OpenAPIHono<AppEnv>, deps: { messages: MessagesService; forwarder: Forwarder; transcriber: Transcriber }) {
  const { messages, forwarder, transcriber } = deps;

  router.openapi(r.list, async (c) => {
    const { pageNumber, selectedQueues } = c.req.valid("query");
    return c.json(await messages.list(c.get("user"), c.req.valid("param").ticketUuid, pageNumber, selectedQueues), 200);
  });

  router.openapi(r.send, async (c) => {
    const user = c.get("user");
    const { ticketId } = c.req.valid("param");
    const type = c.req.header("content-type") ?? "";
    if (/^multipart\/form-data/i.test(type)) {
      // One route, two bodies: zod-openapi types both validators with the union of the schemas.
      const form = c.req.valid("form") as z.output<typeof SendFormBody>;
      const files = form.medias === undefined ? [] : Array.isArray(form.medias) ? form.medias : [form.medias];
      if (!files.length) throw new AppError("ERR_VALIDATION", { fields: { medias: "Required" } });
      return c.json(await messages.sendMedia(user, ticketId, { body: form.body, isPrivate: form.isPrivate, signMessage: form.signMessage, quotedMsg: form.quotedMsg, files }), 200);
    }
    if (!/^application\/json/i.test(type)) throw new AppError("ERR_VALIDATION", { fields: { body: "Required" } });
    return c.json(await messages.sendJson(user, ticketId, c.req.valid("json") as z.output<typeof SendJsonBody>), 200);
  });

  router.openapi(r.edit, async (c) => c.json(await messages.edit(c.get("user"), c.req.valid("param").messageId, c.req.valid("json").body), 200));
  router.openapi(r.remove, async (c) => c.json(await messages.remove(c.get("user"), c.req.valid("param").messageId), 200));
  router.openapi(r.forward, async (c) => c.json(await forwarder.forward(c.get("user"), c.req.valid("json")), 200));
  router.openapi(r.countAllMe, async (c) => c.json(await messages.countAllMe(c.get("user"), c.req.valid("query")), 200));
  router.openapi(r.transcribe, async (c) => c.json(await transcriber.transcribe(c.get("user"), c.req.valid("param").file), 200));

  router.openapi(r.sendList, async (c) => c.json(await messages.sendInteractive(c.get("user"), c.req.valid("param").ticketId, listMessage(c.req.valid("json"))), 200));
  router.openapi(r.sendCopy, async (c) => c.json(await messages.sendInteractive(c.get("user"), c.req.valid("param").ticketId, copyMessage(c.req.valid("json"))), 200));
  router.openapi(r.sendCall, async (c) => c.json(await messages.sendInteractive(c.get("user"), c.req.valid("param").ticketId, callMessage(c.req.valid("json"))), 200));
  router.openapi(r.sendUrl, async (c) => c.json(await messages.sendInteractive(c.get("user"), c.req.valid("param").ticketId, urlMessage(c.req.valid("json"))), 200));
  router.openapi(r.sendPix, async (c) => c.json(await messages.sendInteractive(c.get("user"), c.req.valid("param").ticketId, pixMessage(c.req.valid("json"))), 200));
}
