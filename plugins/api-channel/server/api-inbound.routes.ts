import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, jsonBody as body, jsonResponse as json } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { ApiEventInput, ApiEventResult, ApiInboundInput, ApiInboundResult } from "./api-inbound.schemas.ts";

const route = routeFactory(manifest);

/**
 * The API channel's inbound doors. "public" for the user guard: the bearer credential is
 * the connection's token (checked by `requireApiConnection`), not a user's JWT.
 */
export const inbound = route({
  method: "post",
  path: "/channels/api/inbound",
  access: "public",
  security: [{ bearer: [] }],
  request: body(ApiInboundInput),
  responses: {
    200: json(ApiInboundResult, "The stored message (or the one already stored under this id)"),
    401: errorResponse("ERR_SESSION_EXPIRED: no bearer token"),
    403: errorResponse("ERR_INVALID_TOKEN: not the token of an API connection"),
    404: errorResponse("ERR_NO_WAPP_FOUND"),
    413: errorResponse("ERR_PAYLOAD_TOO_LARGE: media above the downloadLimit setting"),
    503: errorResponse("ERR_CHANNEL_PAUSED: the connection's company is disabled; nothing was stored, retry later"),
  },
});

export const events = route({
  method: "post",
  path: "/channels/api/events",
  access: "public",
  security: [{ bearer: [] }],
  request: body(ApiEventInput),
  responses: {
    200: json(ApiEventResult, "Whether the change was applied to a stored message"),
    401: errorResponse("ERR_SESSION_EXPIRED: no bearer token"),
    403: errorResponse("ERR_INVALID_TOKEN: not the token of an API connection"),
    503: errorResponse("ERR_CHANNEL_PAUSED: the connection's company is disabled; nothing was applied, retry later"),
  },
});
