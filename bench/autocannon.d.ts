// The part of autocannon 8's programmatic API the load benchmark uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number;
      timeout?: number;
      pipelining?: number;
      /** Leave the aggregation to aggregateResult (several instances run at once). */
      skipAggregateResult?: boolean;
    }
    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      p50: number;
      p90: number;
      p99: number;
    }
    interface Result {
      requests: Histogram;
      latency: Histogram;
      throughput: Histogram;
      /** Socket errors, timeouts included. */
      errors: number;
      timeouts: number;
      non2xx: number;
      mismatches: number;
      resets: number;
      totalCompletedRequests: number;
      duration: number;
    }
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  /** The callback form: a run that `stop()` ends early. */
  function autocannon(
    opts: autocannon.Options,
    done: (err: Error | null, result: autocannon.Result) => void,
  ): { stop(): void };
  namespace autocannon {
    /** One result from runs made with skipAggregateResult (percentiles over all their samples). */
    function aggregateResult(results: Result[], opts: Options): Result;
  }
  export default autocannon;
}
