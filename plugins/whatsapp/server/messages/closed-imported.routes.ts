import { routeFactory } from "../../../../core/http/route.ts";
import { errorResponse, IdParam, jsonResponse as json } from "../../../../core/http/schemas.ts";
import { manifest } from "../../plugin.ts";
import { ClosedImported } from "./closed-imported.schemas.ts";

const route = routeFactory(manifest);

/** POST /closedimported/{id} (spec 001 §7): closes the tickets a connection's history import opened. */
export const closedImported = route({
  method: "post",
  path: "/closedimported/{id}",
  access: "user",
  rule: "connections-page:addConnection",
  request: { params: IdParam },
  responses: {
    200: json(ClosedImported, "The imported tickets still live are closed; the connection's import status is cleared"),
    404: errorResponse("ERR_NO_WAPP_FOUND: not a connection of the caller's company"),
  },
});
