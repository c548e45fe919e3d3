import { and, eq } from "drizzle-orm";
import type { Vault } from "../../../core/auth/vault.ts";
import type { Db } from "../../../core/db/database.ts";
import { metaAccounts, type MetaKind } from "../schema/tables.ts";

export type MetaAccountRow = typeof metaAccounts.$inferSelect;

/** An account with its token opened, for the Graph calls made on its behalf. */
export interface MetaAccount extends Omit<MetaAccountRow, "accessToken"> {
  token: string;
}

export interface AccountInput {
  companyId: number;
  whatsappId: number;
  kind: MetaKind;
  accountId: string;
  pageId?: string | null;
  wabaId?: string | null;
  /** In clear: sealed here before it is written. */
  token: string;
}

/**
 * The meta_accounts rows: which Meta account feeds which connection, with its sealed
 * token. Tokens are opened only on the way to a Graph call, never returned to a client.
 */
export class Accounts {
  constructor(
    private db: Db,
    private vault: Vault,
  ) {}

  /** The account a webhook entry names, or null (not linked here). */
  async byAccount(kind: MetaKind, accountId: string): Promise<MetaAccount | null> {
    const [row] = await this.db
      .select()
      .from(metaAccounts)
      .where(and(eq(metaAccounts.kind, kind), eq(metaAccounts.accountId, accountId)))
      .limit(1);
    return row ? this.opened(row) : null;
  }

  /** An Instagram account found by the Page it is linked to (some webhooks name the Page). */
  async instagramByPage(pageId: string): Promise<MetaAccount | null> {
    const [row] = await this.db
      .select()
      .from(metaAccounts)
      .where(and(eq(metaAccounts.kind, "instagram"), eq(metaAccounts.pageId, pageId)))
      .limit(1);
    return row ? this.opened(row) : null;
  }

  /** The account behind a connection of the company, or null. */
  async ofConnection(companyId: number, whatsappId: number): Promise<MetaAccount | null> {
    const [row] = await this.db
      .select()
      .from(metaAccounts)
      .where(and(eq(metaAccounts.companyId, companyId), eq(metaAccounts.whatsappId, whatsappId)))
      .limit(1);
    return row ? this.opened(row) : null;
  }

  /** The raw row of an account, for deciding between create and update (token still sealed). */
  async rowOf(kind: MetaKind, accountId: string): Promise<MetaAccountRow | null> {
    const [row] = await this.db
      .select()
      .from(metaAccounts)
      .where(and(eq(metaAccounts.kind, kind), eq(metaAccounts.accountId, accountId)))
      .limit(1);
    return row ?? null;
  }

  /** Writes the account of a connection (a new link, or a fresh token for an existing one). */
  async save(input: AccountInput): Promise<void> {
    const accessToken = await this.vault.seal(input.token);
    const values = {
      companyId: input.companyId,
      whatsappId: input.whatsappId,
      kind: input.kind,
      accountId: input.accountId,
      pageId: input.pageId ?? null,
      wabaId: input.wabaId ?? null,
      accessToken,
    };
    await this.db
      .insert(metaAccounts)
      .values(values)
      .onConflictDoUpdate({ target: [metaAccounts.kind, metaAccounts.accountId], set: { pageId: values.pageId, wabaId: values.wabaId, accessToken } });
  }

  private async opened(row: MetaAccountRow): Promise<MetaAccount> {
    const { accessToken, ...rest } = row;
    return { ...rest, token: await this.vault.openText(accessToken) };
  }
}
