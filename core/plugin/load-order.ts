/** Anything with an id and dependencies: a manifest, or a server plugin's manifest. */
interface Node {
  id: string;
  dependsOn?: readonly string[];
  /** Loaded first when installed; not required. */
  optionalDependsOn?: readonly string[];
}

export class PluginGraphError extends Error {}

/**
 * Orders plugins so each comes after its dependencies and its installed optional dependencies
 * (stable for independent ones). Stops with a message naming a missing dependency (an optional
 * one may be missing), a duplicate id or the cycle (optional edges count: they order the load).
 * @example loadOrder([{ id: "users", optionalDependsOn: ["queues"] }, { id: "queues" }]); // queues, users
 */
export function loadOrder<T extends Node>(nodes: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const n of nodes) {
    if (byId.has(n.id)) throw new PluginGraphError(`Plugin "${n.id}" is installed twice`);
    byId.set(n.id, n);
  }
  for (const n of nodes) for (const dep of n.dependsOn ?? []) if (!byId.has(dep)) throw new PluginGraphError(`Plugin "${n.id}" depends on "${dep}", which is not installed`);

  const ordered: T[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (n: T, path: string[]) => {
    const s = state.get(n.id);
    if (s === "done") return;
    if (s === "visiting") {
      const cycle = [...path.slice(path.indexOf(n.id)), n.id];
      throw new PluginGraphError(`Plugin dependency cycle: ${cycle.join(" -> ")}`);
    }
    state.set(n.id, "visiting");
    const installedOptional = (n.optionalDependsOn ?? []).filter((dep) => byId.has(dep));
    for (const dep of [...(n.dependsOn ?? []), ...installedOptional]) visit(byId.get(dep) as T, [...path, n.id]);
    state.set(n.id, "done");
    ordered.push(n);
  };
  for (const n of nodes) visit(n, []);
  return ordered;
}
