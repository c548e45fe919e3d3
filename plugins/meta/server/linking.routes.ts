import { routeFactory } from "../../../core/http/route.ts";
import { errorResponse, jsonBody as body, jsonResponse as json } from "../../../core/http/schemas.ts";
import { manifest } from "../plugin.ts";
import { FacebookLinkInput, FacebookLinkResult, MetaConnection, WhatsappApiInput } from "./linking.schemas.ts";

const route = routeFactory(manifest);
/** The connections screen's rule (spec 001 §6): linking accounts creates connections. */
const RULE = "connections-page:addConnection";

export const linkFacebook = route({
  method: "post",
  path: "/facebook",
  access: "user",
  rule: RULE,
  summary: "Link the Facebook Pages (and their Instagram accounts) of a Facebook user",
  description:
    "Reads the user's Pages with the token (`GET /me/accounts`), subscribes each Page to the app's webhooks and creates one `facebook` connection per Page — and, with `addInstagram`, one `instagram` connection per linked Instagram account — status CONNECTED. A Page already linked by this company gets a fresh token (no new connection). Plan flags useFacebook / useInstagram and the connections limit apply. A bad or expired token: ERR_VALIDATION on facebookUserToken. Page tokens are stored sealed and never answered.",
  request: body(FacebookLinkInput),
  responses: {
    200: json(FacebookLinkResult, "The created or refreshed connections"),
    403: errorResponse("ERR_NO_PERMISSION, ERR_PLAN_FEATURE_DISABLED (flag) or ERR_PLAN_LIMIT_CONNECTIONS"),
    500: errorResponse("ERR_INTERNAL: the Graph API could not be reached or failed"),
  },
});

export const linkWhatsappApi = route({
  method: "post",
  path: "/channels/whatsappapi",
  access: "user",
  rule: RULE,
  summary: "Create a WhatsApp Cloud API connection",
  description:
    "Checks the number and token (`GET /{phone-number-id}?fields=display_phone_number,verified_name`), subscribes the WABA to the app's webhooks when `wabaId` is given, and creates a `whatsappapi` connection (status CONNECTED, number = the display number's digits). The same number posted again by its company refreshes the token. Plan flag useWhatsapp and the connections limit apply. Answers the connection as `POST /whatsapp` does; the access token is stored sealed and never answered.",
  request: body(WhatsappApiInput),
  responses: {
    200: json(MetaConnection, "The connection"),
    403: errorResponse("ERR_NO_PERMISSION, ERR_PLAN_FEATURE_DISABLED (flag) or ERR_PLAN_LIMIT_CONNECTIONS"),
    500: errorResponse("ERR_INTERNAL: the Graph API could not be reached or failed"),
  },
});
