import type { Logger } from "../log.ts";

async function newClient(url: string) {
  const { createClient } = await import("redis");
  return createClient({ url });
}

/** The `redis` package's client, as REDIS_URL opens it. */
export type RedisClient = Awaited<ReturnType<typeof newClient>>;

/**
 * Connects to REDIS_URL once at boot. The module is imported only then: a deployment without
 * Redis never parses it (boot time and idle memory, issue 17). The client reconnects by itself;
 * while Redis is away its errors are logged once per outage rather than once per retry.
 * @example const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL, log) : null;
 */
export async function connectRedis(url: string, log: Logger): Promise<RedisClient> {
  const client = await newClient(url);
  let down = false;
  client.on("error", (err: Error) => {
    if (down) return;
    down = true;
    log.error(`redis unreachable: ${err.message}`);
  });
  client.on("ready", () => {
    if (down) log.info("redis reachable again");
    down = false;
  });
  await client.connect();
  return client;
}
