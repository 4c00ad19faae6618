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
  /**
   * A run: a promise of its result that also emits, for every response, `response` with the client,
   * the status code, the bytes and the response time in ms (to the microsecond, from process.hrtime).
   */
  export type Instance = Promise<Result> & {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): Instance;
  };
  function autocannon(options: Options): Instance;
  export default autocannon;
}
