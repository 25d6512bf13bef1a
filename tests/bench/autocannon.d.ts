/** The part of autocannon 9 (which ships no types) the scale bench uses. */
declare module "autocannon" {
  import type { EventEmitter } from "node:events";
  export type Options = {
    url: string | string[];
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  };
  export type Histogram = { average: number; mean: number; p50: number; p90: number; p97_5: number; p99: number; max: number };
  export type Result = {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    duration: number;
  };
  export interface Instance extends EventEmitter, PromiseLike<Result> {
    on(event: "response", listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void): this;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  function autocannon(options: Options): Instance;
  export default autocannon;
}
