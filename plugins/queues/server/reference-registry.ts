import { AppError } from "../../../core/errors.ts";
import { REFERENCE_KINDS, REFERENCE_MESSAGES, type ReferenceKind } from "../shared/reference-kinds.ts";
import type { ReferenceProvider } from "./references.contract.ts";

/** One id a form names, with the field it came in and its kind. */
export interface NamedReference {
  field: string;
  kind: ReferenceKind;
  id: number | null | undefined;
}

/**
 * Who answers "does this id exist in this company?" for each reference kind. The plugin
 * owning integrations, file lists, flows or prompts registers its kind at setup
 * (`queues.registerReference`); a second provider for one kind is a wiring mistake that must
 * stop the boot rather than make validation depend on plugin order (like
 * `channels.registerDriver`). A kind nobody registered has no ids: naming one is refused.
 */
export class ReferenceRegistry {
  private providers = new Map<ReferenceKind, ReferenceProvider>();

  register(kind: ReferenceKind, provider: ReferenceProvider): void {
    if (!(REFERENCE_KINDS as readonly string[]).includes(kind))
      throw new Error(`queues.registerReference: unknown reference kind "${kind}" (one of ${REFERENCE_KINDS.join(", ")})`);
    if (typeof provider?.exists !== "function") throw new Error(`queues.registerReference: the provider of "${kind}" needs exists(companyId, id)`);
    if (this.providers.has(kind)) throw new Error(`queues.registerReference: a provider for reference kind "${kind}" is already registered`);
    this.providers.set(kind, provider);
  }

  /** The kinds some installed plugin registered, in REFERENCE_KINDS order. */
  kinds(): ReferenceKind[] {
    return REFERENCE_KINDS.filter((k) => this.providers.has(k));
  }

  /** Whether `id` names a `kind` record of the company; false for a kind nobody registered. */
  async exists(companyId: number, kind: ReferenceKind, id: number): Promise<boolean> {
    const provider = this.providers.get(kind);
    return provider ? (await provider.exists(companyId, id)) === true : false;
  }

  /**
   * Field -> message for every named id (null/undefined mean none) that does not exist in the
   * company; empty when all are fine.
   */
  async problems(companyId: number, named: readonly NamedReference[]): Promise<Record<string, string>> {
    const out: Record<string, string> = {};
    const checks = named.filter((n): n is NamedReference & { id: number } => typeof n.id === "number");
    // A tree may name one file list in many options: each (kind, id) is asked once.
    const asked = new Map<string, Promise<boolean>>();
    const ask = (n: { kind: ReferenceKind; id: number }) => {
      const key = `${n.kind}:${n.id}`;
      let answer = asked.get(key);
      if (!answer) asked.set(key, (answer = this.exists(companyId, n.kind, n.id)));
      return answer;
    };
    const found = await Promise.all(checks.map(ask));
    checks.forEach((n, i) => {
      if (!found[i]) out[n.field] ??= REFERENCE_MESSAGES[n.kind];
    });
    return out;
  }

  /** Throws ERR_VALIDATION naming the fields whose ids do not exist in the company. */
  async ensure(companyId: number, named: readonly NamedReference[]): Promise<void> {
    const fields = await this.problems(companyId, named);
    if (Object.keys(fields).length) throw new AppError("ERR_VALIDATION", { fields });
  }
}
