/**
 * The custom plan of the checkout (spec 001 §9): 49 for 3 users and 3 connections, each
 * extra user 11 and each extra connection 20, billed monthly in BRL; never below 3 and 3.
 * Shared by the server (which prices a custom checkout itself, whatever the client sent)
 * and the web (the Personalizar step's preview).
 */
export const CUSTOM_PLAN = { base: 49, minUsers: 3, minConnections: 3, perUser: 11, perConnection: 20, maxUsers: 1000, maxConnections: 1000 } as const;

/** The monthly price of a custom plan with `users` users and `connections` connections. */
export function customPlanPrice(users: number, connections: number): number {
  const extraUsers = Math.max(0, Math.floor(users) - CUSTOM_PLAN.minUsers);
  const extraConnections = Math.max(0, Math.floor(connections) - CUSTOM_PLAN.minConnections);
  return CUSTOM_PLAN.base + extraUsers * CUSTOM_PLAN.perUser + extraConnections * CUSTOM_PLAN.perConnection;
}

/** Rounds to cents (prices are kept as numbers of BRL). */
export const cents = (value: number): number => Math.round(value * 100) / 100;
