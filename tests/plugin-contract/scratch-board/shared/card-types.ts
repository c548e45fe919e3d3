import type { z } from "@hono/zod-openapi";
import type { Card, CardInput } from "../server/cards.schemas.ts";

/** A card as the server answers it: written once, in the route's zod schema. */
export type ScratchCard = z.infer<typeof Card>;
export type ScratchCardInput = z.input<typeof CardInput>;
