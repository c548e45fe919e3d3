/**
 * The process's metrics in Prometheus' text format (`GET /metrics`, core/metrics/metrics-routes.ts).
 * A small registry instead of a client library: counters, gauges read at scrape time, and
 * histograms, each with fixed label names. The kernel registers its own (requests, jobs,
 * sockets); plugins add theirs through `ctx.metrics` (the WhatsApp sessions, messages).
 * Names follow Prometheus' conventions: `atende_` prefix, `_total` for counters, base units.
 * @example
 *   const sent = ctx.metrics.counter("atende_widgets_total", "Widgets made", ["kind"]);
 *   sent.inc({ kind: "blue" });
 *   ctx.metrics.gauge("atende_queue_depth", "Items waiting", [], () => [{ labels: {}, value: queue.length }]);
 */
export type Labels = Record<string, string | number>;

interface Family {
  name: string;
  help: string;
  type: "counter" | "gauge" | "histogram";
  render(lines: string[]): Promise<void> | void;
}

/** A gauge's reading: one value per label set, taken when scraped. */
export type GaugeReading = { labels: Labels; value: number }[];

export interface Counter {
  inc(labels?: Labels, by?: number): void;
}

export interface Histogram {
  observe(labels: Labels, value: number): void;
}

/** Request latencies in seconds: from a cached read (~1 ms) to a slow report. */
export const DEFAULT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

export class Metrics {
  private readonly families = new Map<string, Family>();

  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    const values = new Map<string, { labels: Labels; value: number }>();
    this.add({
      name,
      help,
      type: "counter",
      render: (lines) => {
        for (const { labels, value } of values.values()) lines.push(`${name}${labelText(labels)} ${value}`);
      },
    });
    return {
      inc(labels = {}, by = 1) {
        const key = labelKey(labelNames, labels);
        const entry = values.get(key);
        if (entry) entry.value += by;
        else values.set(key, { labels: pick(labelNames, labels), value: by });
      },
    };
  }

  /** A value read at scrape time (`read` may query the database); a failing read leaves the gauge out of that scrape. */
  gauge(name: string, help: string, read: () => GaugeReading | Promise<GaugeReading>): void {
    this.add({
      name,
      help,
      type: "gauge",
      render: async (lines) => {
        for (const { labels, value } of await read()) lines.push(`${name}${labelText(labels)} ${value}`);
      },
    });
  }

  histogram(name: string, help: string, labelNames: readonly string[], buckets: readonly number[] = DEFAULT_BUCKETS): Histogram {
    const series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
    this.add({
      name,
      help,
      type: "histogram",
      render: (lines) => {
        for (const { labels, counts, sum, count } of series.values()) {
          // Prometheus' buckets are cumulative: each counts every observation at or under its bound.
          let running = 0;
          buckets.forEach((le, i) => {
            running += counts[i]!;
            lines.push(`${name}_bucket${labelText({ ...labels, le: String(le) })} ${running}`);
          });
          lines.push(`${name}_bucket${labelText({ ...labels, le: "+Inf" })} ${count}`);
          lines.push(`${name}_sum${labelText(labels)} ${sum}`);
          lines.push(`${name}_count${labelText(labels)} ${count}`);
        }
      },
    });
    return {
      observe(labels, value) {
        const key = labelKey(labelNames, labels);
        let entry = series.get(key);
        if (!entry) series.set(key, (entry = { labels: pick(labelNames, labels), counts: buckets.map(() => 0), sum: 0, count: 0 }));
        const slot = buckets.findIndex((le) => value <= le);
        if (slot >= 0) entry.counts[slot]!++;
        entry.sum += value;
        entry.count++;
      },
    };
  }

  /** Every family in the text exposition format (version 0.0.4). */
  async render(): Promise<string> {
    const lines: string[] = [];
    for (const family of this.families.values()) {
      const body: string[] = [];
      try {
        await family.render(body);
      } catch {
        // A gauge whose source is down (the database) is left out; the others still answer.
        continue;
      }
      lines.push(`# HELP ${family.name} ${family.help.replace(/\\/g, "\\\\").replace(/\n/g, "\\n")}`, `# TYPE ${family.name} ${family.type}`, ...body);
    }
    return `${lines.join("\n")}\n`;
  }

  private add(family: Family): void {
    if (!NAME.test(family.name)) throw new Error(`invalid metric name ${family.name}`);
    if (this.families.has(family.name)) throw new Error(`metric ${family.name} is registered twice`);
    this.families.set(family.name, family);
  }
}

const pick = (names: readonly string[], labels: Labels): Labels => Object.fromEntries(names.map((n) => [n, labels[n] ?? ""]));
const labelKey = (names: readonly string[], labels: Labels) => names.map((n) => String(labels[n] ?? "")).join("\u0000");
const escapeLabel = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
function labelText(labels: Labels): string {
  const entries = Object.entries(labels);
  return entries.length ? `{${entries.map(([k, v]) => `${k}="${escapeLabel(String(v))}"`).join(",")}}` : "";
}
