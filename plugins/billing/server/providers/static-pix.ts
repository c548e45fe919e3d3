import { MAX_TXID, staticPixCode } from "../../shared/br-code.ts";
import type { ChargeCreated, ChargeRequest, PaymentProvider } from "./provider.ts";

export interface StaticPixSettings {
  key: string;
  name: string;
  city: string;
}

/**
 * The provider-less option: a static PIX BR Code for the operator's own PIX key, with the
 * invoice's amount and a txid naming the charge. No bank tells us it was paid: the operator
 * sees the transfer in the bank statement and confirms it with one click (POST /invoices/{id}/pay).
 */
export class StaticPixProvider implements PaymentProvider {
  readonly id = "pix" as const;

  constructor(private settings: () => Promise<StaticPixSettings>) {}

  async createCharge(req: ChargeRequest): Promise<ChargeCreated> {
    const { key, name, city } = await this.settings();
    const txid = req.reference.slice(0, MAX_TXID);
    return { externalId: txid, pixCode: staticPixCode({ key, name, city, amount: req.amount, txid }) };
  }
}
