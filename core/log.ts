/** A minimal levelled logger writing one line per entry; plugins get one tagged with their id. */
export interface Logger {
  debug(msg: string, data?: unknown): void;
  info(msg: string, data?: unknown): void;
  warn(msg: string, data?: unknown): void;
  error(msg: string, data?: unknown): void;
  child(tag: string): Logger;
}

const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = keyof typeof levels;

export function createLogger(level: LogLevel, tag = "core"): Logger {
  const min = levels[level];
  const write = (l: Exclude<LogLevel, "silent">, msg: string, data?: unknown) => {
    if (levels[l] < min) return;
    const line = `${new Date().toISOString()} ${l.toUpperCase()} [${tag}] ${msg}`;
    const extra = data instanceof Error ? (data.stack ?? data.message) : data === undefined ? "" : JSON.stringify(data);
    (l === "error" || l === "warn" ? console.error : console.log)(extra ? `${line} ${extra}` : line);
  };
  return {
    debug: (m, d) => write("debug", m, d),
    info: (m, d) => write("info", m, d),
    warn: (m, d) => write("warn", m, d),
    error: (m, d) => write("error", m, d),
    child: (t) => createLogger(level, `${tag}:${t}`),
  };
}
