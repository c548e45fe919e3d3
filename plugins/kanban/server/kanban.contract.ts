declare module "../../../core/plugin/services.ts" {
  interface ServiceMap {
    /**
     * Runs the lane timer once (what its 30-second tick does): moves every ticket that stayed
     * its lane's `timeLane` hours at `now` (default: the clock) and answers how many moved.
     * For tests and tools; nothing needs to call it.
     */
    "kanban.moveDue": (now?: number) => Promise<number>;
  }
}

export {};
