/**
 * Statements built once per database handle. A prepared Drizzle query belongs to the handle
 * that built it (the async database, or a write batch's sync one), so hot paths keep theirs
 * per handle instead of building SQL on every call.
 * @example
 *   const statements = preparedPer((db: SyncDb) => ({ byId: db.select().from(t).where(eq(t.id, sql.placeholder("id"))).prepare() }));
 *   statements(unit.db).byId.get({ id });
 */
export function preparedPer<H extends object, S>(build: (handle: H) => S): (handle: H) => S {
  const built = new WeakMap<H, S>();
  return (handle) => {
    let statements = built.get(handle);
    if (!statements) built.set(handle, (statements = build(handle)));
    return statements;
  };
}
