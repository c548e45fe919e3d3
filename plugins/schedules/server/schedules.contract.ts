declare module "../../../core/plugin/services.ts" {
  interface ServiceMap {
    /**
     * Runs the sender once: sends every schedule occurrence due at `now` (default: now),
     * each exactly once, and answers how many were sent. The plugin's tick calls it every
     * few seconds; tests and benchmarks call it to send without waiting.
     * @example
     *   const sent = await sendDue(); // this service, as the tests take it from the kernel
     */
    "schedules.sendDue": (now?: number) => Promise<number>;
  }
}

export {};
