import { and, eq } from "drizzle-orm";
import type { Db } from "../../../../core/db/database.ts";
import { AppError } from "../../../../core/errors.ts";
import type { EventBus } from "../../../../core/events/bus.ts";
import type { PluginJobs } from "../../../../core/jobs/jobs.ts";
import type { Realtime } from "../../../../core/realtime/realtime.ts";
import { scratchCards } from "../schema/tables.ts";

export type CardRow = typeof scratchCards.$inferSelect;

/** The job kind, stored by the kernel as "scratch-board.stamp". */
export const STAMP_JOB = "stamp";

declare module "../../../../core/events/bus.ts" {
  interface EventMap {
    "scratch-board.card.stamped": { companyId: number; cardId: number };
  }
}

/** The rules about cards; every read and write is scoped to the caller's company. */
export class CardsService {
  constructor(
    private db: Db,
    private jobs: PluginJobs,
    private bus: EventBus,
    private realtime: Realtime,
  ) {}

  list(companyId: number): Promise<CardRow[]> {
    return this.db.select().from(scratchCards).where(eq(scratchCards.companyId, companyId)).orderBy(scratchCards.id);
  }

  /** Whether the company has this card (the id an "Integração" option names). */
  async exists(companyId: number, id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: scratchCards.id })
      .from(scratchCards)
      .where(and(eq(scratchCards.id, id), eq(scratchCards.companyId, companyId)))
      .limit(1);
    return row !== undefined;
  }

  async get(companyId: number, id: number): Promise<CardRow> {
    const [row] = await this.db
      .select()
      .from(scratchCards)
      .where(and(eq(scratchCards.id, id), eq(scratchCards.companyId, companyId)))
      .limit(1);
    if (!row) throw new AppError("ERR_NO_SCRATCH_CARD_FOUND");
    return row;
  }

  /** Stores the card and its stamp job in one transaction (the outbox): neither exists without the other. */
  async create(companyId: number, title: string): Promise<CardRow> {
    return this.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: scratchCards.id })
        .from(scratchCards)
        .where(and(eq(scratchCards.companyId, companyId), eq(scratchCards.title, title)))
        .limit(1);
      if (taken) throw new AppError("ERR_SCRATCH_CARD_DUPLICATE");
      const [card] = await tx.insert(scratchCards).values({ companyId, title }).returning();
      await this.jobs.enqueue(STAMP_JOB, { cardId: card!.id }, { companyId, tx });
      return card!;
    });
  }

  /** The job's work: stamps the card, then tells the bus and the company's screens. */
  async stamp(companyId: number, cardId: number): Promise<void> {
    const [card] = await this.db
      .update(scratchCards)
      .set({ stamped: true })
      .where(and(eq(scratchCards.id, cardId), eq(scratchCards.companyId, companyId)))
      .returning();
    if (!card) return;
    await this.bus.emit("scratch-board.card.stamped", { companyId, cardId });
    this.realtime.emit(companyId, `company-${companyId}-scratchCard`, { action: "update", card });
  }
}
