/**
 * Test support: scrapes a server's Prometheus endpoint and reads the text back with a parser of the
 * exposition format (parse-prometheus-text-format), so tests look figures up by name and labels.
 */
import parse from 'parse-prometheus-text-format';

export interface Scrape {
  /** The value of a counter or gauge with exactly these labels (NaN when absent). */
  value(name: string, labels?: Readonly<Record<string, string>>): number;
  /** How many observations a histogram holds (NaN when absent). */
  count(name: string): number;
  /** Every family's name. */
  readonly names: readonly string[];
}

export async function scrape(url: string): Promise<Scrape> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const families = parse(await response.text());
  const family = (name: string) => families.find((f) => f.name === name);
  const same = (a: Readonly<Record<string, string>> = {}, b: Readonly<Record<string, string>> = {}) =>
    JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
  return {
    value(name, labels = {}) {
      const sample = family(name)?.metrics.find((m) => same(m.labels, labels));
      return sample?.value === undefined ? Number.NaN : Number(sample.value);
    },
    count(name) {
      const sample = family(name)?.metrics[0];
      return sample?.count === undefined ? Number.NaN : Number(sample.count);
    },
    names: families.map((f) => f.name),
  };
}
