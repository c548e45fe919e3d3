/**
 * Services that plugins offer each other (habit 3: no reaching into another plugin's
 * tables). A plugin that provides one declares it by merging into ServiceMap:
 * @example
 *   declare module "../../../core/plugin/services.ts" {
 *     interface ServiceMap { "queues.forUser": (userId: number) => Promise<number[]> }
 *   }
 *   ctx.services.provide("queues.forUser", ...);
 */
// biome-ignore lint: the merge point
export interface ServiceMap {}

export class Services {
  private map = new Map<string, unknown>();

  provide<K extends keyof ServiceMap>(name: K, impl: ServiceMap[K]): void {
    if (this.map.has(name)) throw new Error(`Service "${String(name)}" is provided twice`);
    this.map.set(name, impl);
  }

  /** The service, or undefined when its plugin is not installed. */
  get<K extends keyof ServiceMap>(name: K): ServiceMap[K] | undefined {
    return this.map.get(name) as ServiceMap[K] | undefined;
  }
}
