import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../../../core/http/env.ts";
import type { ChatMessagesService } from "./chat-messages.service.ts";
import * as r from "./chats.routes.ts";
import type { ChatsService } from "./chats.service.ts";

/** Thin handlers: the caller (and so the company) always comes from the token. */
export function registerChatsHandlers(router: OpenAPIHono<AppEnv>, chats: ChatsService, messages: ChatMessagesService) {
  router.openapi(r.list, async (c) => c.json(await chats.page(c.get("user"), c.req.valid("query")), 200));
  router.openapi(r.show, async (c) => c.json(await chats.get(c.get("user"), c.req.valid("param").id), 200));
  router.openapi(r.create, async (c) => c.json(await chats.create(c.get("user"), c.req.valid("json")), 200));
  router.openapi(r.update, async (c) => c.json(await chats.update(c.get("user"), c.req.valid("param").id, c.req.valid("json")), 200));
  router.openapi(r.remove, async (c) => {
    await chats.remove(c.get("user"), c.req.valid("param").id);
    return c.json({ message: "Chat deleted" }, 200);
  });
  router.openapi(r.markRead, async (c) => {
    const input = (c.req.valid("json") as { userId?: number } | undefined) ?? {};
    return c.json(await messages.read(c.get("user"), c.req.valid("param").id, input.userId), 200);
  });
  router.openapi(r.messages, async (c) => c.json(await messages.page(c.get("user"), c.req.valid("param").id, c.req.valid("query").pageNumber), 200));
  router.openapi(r.send, async (c) => c.json(await messages.send(c.get("user"), c.req.valid("param").id, c.req.valid("json").message), 200));
}
