import type { HandOverProvider } from "../hand-over.contract.ts";

/**
 * Which provider takes which kind of hand-over (`automation.registerHandOver`). Providers
 * register at setup; a second one for a kind is a wiring mistake that must stop the boot
 * rather than make who answers a customer depend on plugin order (as channels' drivers).
 */
export class HandOverRegistry {
  private providers = new Map<string, HandOverProvider>();

  register(provider: HandOverProvider): void {
    if (!provider?.kind) throw new Error("automation.registerHandOver: a provider needs a kind");
    if (provider.kind.includes(":")) throw new Error(`automation.registerHandOver: the kind "${provider.kind}" must not contain ":"`);
    if (this.providers.has(provider.kind)) throw new Error(`automation.registerHandOver: a provider of kind "${provider.kind}" is already registered`);
    this.providers.set(provider.kind, provider);
  }

  get(kind: string): HandOverProvider | undefined {
    return this.providers.get(kind);
  }

  has(kind: string): boolean {
    return this.providers.has(kind);
  }

  kinds(): string[] {
    return [...this.providers.keys()];
  }
}
