// The few parts of autocannon 8 the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; p50: number; p90: number; p99: number };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
  };
  export type Request = { path: string; method?: string; headers?: Record<string, string> };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    workers?: number;
    /** A file (with workers) or, in-process, a function. */
    requests?: { setupRequest?: string | ((request: Request) => Request); method?: string; path?: string }[];
    headers?: Record<string, string>;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
