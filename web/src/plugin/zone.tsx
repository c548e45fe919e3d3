import { useMemo, type ComponentType } from "react";
import { usePlugins } from "./plugins.tsx";
import type { ZoneContribution, ZoneEntry, ZoneName, ZoneProps } from "./zone-types.ts";

export interface ZoneItem<K extends ZoneName> {
  /** Stable React key: the contributing plugin's id and the item's index. */
  key: string;
  Component: ComponentType<ZoneProps[K]>;
}

function isEntry<P>(c: ZoneContribution<P>): c is ZoneEntry<P> {
  return typeof c === "object" && c !== null && "component" in c;
}

/**
 * What the enabled plugins put in a zone, in order (by `order`, then plugin id, then the
 * plugin's own order). For a screen that wraps each item itself; `<Zone>` renders them bare.
 * @example
 *   const items = useZone("topbar");
 *   return items.map(({ key, Component }) => <Fragment key={key}><Component /></Fragment>);
 */
export function useZone<K extends ZoneName>(name: K): ZoneItem<K>[] {
  const { enabled } = usePlugins();
  return useMemo(() => {
    const found = enabled.flatMap((p) =>
      ((p.zones?.[name] ?? []) as ZoneContribution<ZoneProps[K]>[]).map((c, i) => ({
        key: `${p.manifest.id}-${i}`,
        order: isEntry(c) ? (c.order ?? 0) : 0,
        Component: isEntry(c) ? c.component : c,
      })),
    );
    // Array.prototype.sort is stable: equal orders keep the plugins' id order.
    return found.sort((a, b) => a.order - b.order).map(({ key, Component }) => ({ key, Component }));
  }, [enabled, name]);
}

export type ZoneRenderProps<K extends ZoneName> = { name: K } & (ZoneProps[K] extends Record<string, never> ? { props?: ZoneProps[K] } : { props: ZoneProps[K] });

/**
 * Renders a zone where the owning screen wants it: every contribution of the enabled
 * plugins, each given the zone's props. An empty zone renders nothing.
 * @example
 *   <Zone name="tickets.composerTools" props={{ ticket, text, setText, attachFiles, registerKeyHandler, disabled }} />
 */
export function Zone<K extends ZoneName>({ name, props }: ZoneRenderProps<K>) {
  const items = useZone(name);
  const given = (props ?? {}) as ZoneProps[K];
  return (
    <>
      {items.map(({ key, Component }) => (
        <Component key={key} {...given} />
      ))}
    </>
  );
}
