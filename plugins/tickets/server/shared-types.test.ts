/**
 * Compile-time checks (run by `tsc`, trivially green under vitest) that the hand-written parts of
 * shared/ticket-types.ts agree with the zod schemas the server validates and documents with.
 * The answers themselves are inferred from the schemas; these cover what cannot be inferred.
 */
import type { z } from "@hono/zod-openapi";
import { describe, expectTypeOf, it } from "vitest";
import type { MessageAck } from "../../channels/channel-driver.contract.ts";
import type { MessageView, TicketListKind, TicketListQuery, TicketStatusValue, TicketView } from "../shared/ticket-types.ts";
import type { TicketListQuerySchema } from "./tickets/tickets.schemas.ts";

type QueryInput = z.input<typeof TicketListQuerySchema>;

describe("shared ticket types follow the zod schemas", () => {
  it("TicketListQuery names exactly the query parameters GET /tickets accepts, with accepted values", () => {
    // The web's query is typed more precisely than the wire (pageNumber is a number, not any coercible value).
    expectTypeOf<keyof TicketListQuery>().toEqualTypeOf<keyof QueryInput>();
    expectTypeOf<TicketListQuery>().toExtend<QueryInput>();
    expectTypeOf<NonNullable<TicketListQuery["status"]>>().toEqualTypeOf<TicketListKind>();
  });

  it("a message's ack is the drivers' MessageAck and a ticket's status one of the statuses", () => {
    expectTypeOf<MessageView["ack"]>().toEqualTypeOf<MessageAck>();
    expectTypeOf<TicketView["status"]>().toEqualTypeOf<TicketStatusValue>();
  });
});
