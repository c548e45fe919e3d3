import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, IdParam, jsonBody as body, jsonResponse as json, MessageSchema } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { Prompt, PromptInput, PromptList, PromptPatch } from "./prompts.schemas.ts";

const route = routeFactory(manifest);
const missing = errorResponse("ERR_NO_PROMPT_FOUND");

export const list = route({
  method: "get",
  path: "/prompt",
  access: "user",
  responses: { 200: json(PromptList, "The company's prompts by name, each with its queue's name and token usage (the API key masked, and only for admins)") },
});

export const show = route({
  method: "get",
  path: "/prompt/{id}",
  access: "user",
  request: { params: IdParam },
  responses: { 200: json(Prompt, "One prompt"), 404: missing },
});

// Spec 002 §6: the profile user has no access to the prompts screen.
export const create = route({
  method: "post",
  path: "/prompt",
  access: "admin",
  request: body(PromptInput),
  responses: { 200: json(Prompt, "The created prompt (the API key sealed at rest)") },
});

export const update = route({
  method: "put",
  path: "/prompt/{id}",
  access: "admin",
  request: { params: IdParam, ...body(PromptPatch) },
  responses: { 200: json(Prompt, "The updated prompt"), 404: missing },
});

export const remove = route({
  method: "delete",
  path: "/prompt/{id}",
  access: "admin",
  request: { params: IdParam },
  responses: { 200: json(MessageSchema, "Deleted"), 404: missing },
});
