/**
 * Services that plugins offer each other (habit 3: no reaching into another plugin's
 * tables). A plugin that provides one declares it by merging into ServiceMap:
 * @example
 *   declare module "../../../core/plugin/services.ts" {
 *     interface ServiceMap { "queues.forUser": (userId: number) => Promise<number[]> }
 *   }
 *   ctx.services.provide("queues.forUser", ...);
 */
export interface ServiceMap {}

/** A service a plugin requires is not provided: the boot stops with this (habit 2). */
export class MissingServiceError extends Error {
  constructor(owner: string, name: string) {
    super(`Plugin "${owner}" requires the service "${name}", which no installed plugin provides`);
    this.name = "MissingServiceError";
  }
}

/**
 * The service registry. Each plugin receives a view named after it (`scoped`), sharing
 * one map, so a missing service is reported with the plugin that needed it.
 * @example
 *   // manifest: requires: ["connections.get"] — the kernel checks it once every plugin is set up
 *   const connection = await ctx.services.require("connections.get")(companyId, id);
 *   // optional: a plugin that may not be installed
 *   const check = ctx.services.get("channels.checkNumber");
 */
export class Services {
  constructor(
    private readonly owner = "kernel",
    private readonly map = new Map<string, unknown>(),
  ) {}

  /** The same registry, with `owner` named by `require` failures. */
  scoped(owner: string): Services {
    return new Services(owner, this.map);
  }

  provide<K extends keyof ServiceMap>(name: K, impl: ServiceMap[K]): void {
    if (this.map.has(name)) throw new Error(`Service "${String(name)}" is provided twice`);
    this.map.set(name, impl);
  }

  /** An optional service: undefined when its plugin is not installed. */
  get<K extends keyof ServiceMap>(name: K): ServiceMap[K] | undefined {
    return this.map.get(name) as ServiceMap[K] | undefined;
  }

  /**
   * A service this plugin cannot work without. Declare it in the manifest's `requires`
   * (the kernel then refuses to boot without it), or call this during setup.
   */
  require<K extends keyof ServiceMap>(name: K): ServiceMap[K] {
    const impl = this.map.get(name);
    if (impl === undefined) throw new MissingServiceError(this.owner, String(name));
    return impl as ServiceMap[K];
  }

  /** Stops the boot when a plugin declared a service no installed plugin provides. */
  assertProvided(owner: string, names: readonly string[]): void {
    for (const name of names) if (!this.map.has(name)) throw new MissingServiceError(owner, name);
  }
}
