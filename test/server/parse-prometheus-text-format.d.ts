/** Types for parse-prometheus-text-format (it ships none): the exposition text as metric families. */
declare module 'parse-prometheus-text-format' {
  interface Sample {
    readonly labels?: Readonly<Record<string, string>>;
    /** counters, gauges, untyped */
    readonly value?: string;
    /** histograms: cumulative count per upper bound ('+Inf' included) */
    readonly buckets?: Readonly<Record<string, string>>;
    readonly count?: string;
    readonly sum?: string;
  }
  interface Family {
    readonly name: string;
    readonly help: string;
    readonly type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    readonly metrics: readonly Sample[];
  }
  export default function parsePrometheusTextFormat(text: string): Family[];
}
