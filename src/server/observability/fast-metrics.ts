// Counters and histograms for the request path, exposed through prom-client's registry. prom-client's
// own cost ~3.6 µs for a counter increment and a histogram observation (it hashes the label values on
// every call, labelled child or not): 7 % of a whole `calculate` tools/call. Here a label set's child
// is a few numbers found once, and an observation is a scan of the bucket bounds.

interface Sample {
  value: number;
  labels: Record<string, string | number>;
  metricName?: string;
}

/** What prom-client's Registry reads from a metric (its `get()`), for the text format. */
interface CollectedMetric {
  name: string;
  help: string;
  type: "counter" | "histogram";
  values: Sample[];
  aggregator: "sum";
}

const labelsOf = (names: readonly string[], values: readonly string[]) =>
  Object.fromEntries(names.map((name, index) => [name, values[index] ?? ""]));

export class FastCounter {
  readonly name: string;
  private readonly help: string;
  private readonly labelNames: readonly string[];
  private readonly children = new Map<string, { values: string[]; count: number }>();

  constructor(name: string, help: string, labelNames: readonly string[]) {
    this.name = name;
    this.help = help;
    this.labelNames = labelNames;
  }

  /** The child of one label set (values in labelNames' order); keep it, and call inc() on it. */
  child(...values: string[]): { inc(): void } {
    const key = values.join("\u0000");
    let child = this.children.get(key);
    if (!child) {
      child = { values, count: 0 };
      this.children.set(key, child);
    }
    const state = child;
    return {
      inc() {
        state.count++;
      },
    };
  }

  get(): CollectedMetric {
    return {
      name: this.name,
      help: this.help,
      type: "counter",
      aggregator: "sum",
      values: [...this.children.values()].map((child) => ({
        value: child.count,
        labels: labelsOf(this.labelNames, child.values),
      })),
    };
  }
}

export class FastHistogram {
  readonly name: string;
  private readonly help: string;
  private readonly labelNames: readonly string[];
  private readonly bounds: readonly number[];
  private readonly children = new Map<
    string,
    { values: string[]; buckets: Float64Array; sum: number; count: number }
  >();

  constructor(name: string, help: string, labelNames: readonly string[], bounds: readonly number[]) {
    this.name = name;
    this.help = help;
    this.labelNames = labelNames;
    this.bounds = bounds;
  }

  child(...values: string[]): { observe(value: number): void } {
    const key = values.join("\u0000");
    let child = this.children.get(key);
    if (!child) {
      child = { values, buckets: new Float64Array(this.bounds.length), sum: 0, count: 0 };
      this.children.set(key, child);
    }
    const state = child;
    const bounds = this.bounds;
    return {
      observe(value) {
        state.sum += value;
        state.count++;
        for (let index = 0; index < bounds.length; index++) {
          if (value <= (bounds[index] as number)) {
            state.buckets[index] = (state.buckets[index] ?? 0) + 1;
            return;
          }
        }
      },
    };
  }

  get(): CollectedMetric {
    const values: Sample[] = [];
    for (const child of this.children.values()) {
      const labels = labelsOf(this.labelNames, child.values);
      let cumulative = 0;
      this.bounds.forEach((bound, index) => {
        cumulative += child.buckets[index] as number;
        values.push({
          value: cumulative,
          labels: { ...labels, le: bound },
          metricName: `${this.name}_bucket`,
        });
      });
      values.push({
        value: child.count,
        labels: { ...labels, le: "+Inf" },
        metricName: `${this.name}_bucket`,
      });
      values.push({ value: child.sum, labels, metricName: `${this.name}_sum` });
      values.push({ value: child.count, labels, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: "histogram", aggregator: "sum", values };
  }
}
