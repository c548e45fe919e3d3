import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { Chat, ChatInput, ChatMessage, ChatMessagePage, ChatPage, ChatPatch, ChatQuery, ChatRefParam, MessageInput, MessagesQuery, ReadInput } from "./chats.schemas.ts";

const route = routeFactory(manifest);
const notFound = { 404: errorResponse("ERR_NO_CHAT_FOUND: no such chat in the company, or the caller is not one of its members") };
const ownerOnly = { 403: errorResponse("ERR_NO_PERMISSION: only the chat's owner edits or deletes it (also ERR_PLAN_FEATURE_DISABLED without useInternalChat)") };
const members = { 404: errorResponse("ERR_NO_CHAT_FOUND, or ERR_NO_USER_FOUND (a user not of the caller's company)") };

export const list = route({
  method: "get",
  path: "/chats",
  access: "user",
  description:
    "A page of 20 of the caller's chats (those they are a member of), latest activity first; searchParam matches the title. unreads totals the caller's unread messages.",
  request: { query: ChatQuery },
  responses: { 200: json(ChatPage, "A page of chats") },
});

export const show = route({
  method: "get",
  path: "/chats/{id}",
  access: "user",
  description: "One chat of the caller's, by id or uuid (the web address /chats/{uuid}).",
  request: { params: ChatRefParam },
  responses: { 200: json(Chat, "The chat"), ...notFound },
});

export const create = route({
  method: "post",
  path: "/chats",
  access: "user",
  description: "Creates a chat with a title and at least one other user of the company; the caller owns it and is a member.",
  request: body(ChatInput),
  responses: { 200: json(Chat, "The created chat"), 404: errorResponse("ERR_NO_USER_FOUND (a user not of the caller's company)") },
});

export const update = route({
  method: "put",
  path: "/chats/{id}",
  access: "user",
  description: "Changes the title and/or the members (the owner always stays one); owner only.",
  request: { params: IdParam, ...body(ChatPatch) },
  responses: { 200: json(Chat, "The updated chat"), ...members, ...ownerOnly },
});

export const remove = route({
  method: "delete",
  path: "/chats/{id}",
  access: "user",
  description: "Deletes the chat and its messages; owner only.",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted"), ...notFound, ...ownerOnly },
});

export const markRead = route({
  method: "post",
  path: "/chats/{id}/read",
  access: "user",
  description: "Marks the chat read for the caller (their unreads become 0). userId, when sent, must be the caller's.",
  request: { params: IdParam, body: { content: { "application/json": { schema: ReadInput } }, required: false } },
  responses: { 200: json(Chat, "The chat with the caller's unreads at 0"), ...notFound, 403: errorResponse("ERR_NO_PERMISSION: userId names someone else") },
});

export const messages = route({
  method: "get",
  path: "/chats/{id}/messages",
  access: "user",
  description: "A page of 20 messages: page 1 the newest, older ones on the next pages; each page oldest first.",
  request: { params: IdParam, query: MessagesQuery },
  responses: { 200: json(ChatMessagePage, "A page of messages"), ...notFound },
});

export const send = route({
  method: "post",
  path: "/chats/{id}/messages",
  access: "user",
  description: "Posts a message (blank ones are refused); it counts as unread for every other member.",
  request: { params: IdParam, ...body(MessageInput) },
  responses: { 200: json(ChatMessage, "The stored message"), ...notFound },
});
