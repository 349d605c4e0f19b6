/**
 * Open-loop load at a constant arrival rate, as k6's constant-arrival-rate executor and wrk2 make it: request i is
 * due at start + i / rate, whatever the earlier ones are doing, and its latency runs from that moment, not from when
 * a free connection sent it. A server that falls behind shows in the latency of everything queued behind it (no
 * coordinated omission) and in the rate achieved. autocannon's `overallRate` lets every connection send its share
 * at the start of each second, so all classes arrive together once a second, and it weighs each latency as if
 * requests were due every millisecond (docs/decisions/0050).
 */
import http from 'node:http';

export type ArrivalRequest = { method: string; path: string; headers?: Record<string, string>; body?: string };

export type ArrivalResult = {
  /** Requests answered (or failed) in all: rate × seconds. */
  requests: number;
  /** From the first request's due time to the last answer. */
  seconds: number;
  /** Answers of 400 or more, socket errors and timeouts. */
  errors: number;
  /** Latency percentiles and maximum in milliseconds, from each request's due time. */
  p50: number;
  p99: number;
  max: number;
};

export function runAtArrivalRate(options: {
  base: string;
  /** Requests a second. */
  rate: number;
  seconds: number;
  /** Keep-alive connections at most; requests due while all are busy wait for one (and their latency shows it). */
  connections: number;
  timeoutMs: number;
  next: (index: number) => ArrivalRequest;
}): Promise<ArrivalResult> {
  const { rate, seconds, connections, timeoutMs, next } = options;
  const url = new URL(options.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const start = performance.now();
  const dueAt = (index: number) => start + (index * 1000) / rate;

  return new Promise((resolve) => {
    const settle = (due: number, failed: boolean) => {
      latencies.push(performance.now() - due);
      if (failed) errors += 1;
      if (latencies.length < total) return;
      agent.destroy();
      const sorted = latencies.sort((a, b) => a - b);
      const at = (quantile: number) => Math.round(sorted[Math.floor(quantile * (sorted.length - 1))]);
      resolve({
        requests: total,
        seconds: (performance.now() - start) / 1000,
        errors,
        p50: at(0.5),
        p99: at(0.99),
        max: Math.round(sorted[sorted.length - 1]),
      });
    };

    const send = (index: number) => {
      const due = dueAt(index);
      const { method, path, headers, body } = next(index);
      let settled = false;
      const once = (failed: boolean) => {
        if (settled) return;
        settled = true;
        settle(due, failed);
      };
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          agent,
          headers: { ...headers, ...(body !== undefined && { 'content-length': Buffer.byteLength(body) }) },
        },
        (response) => {
          response.resume();
          response.on('end', () => once((response.statusCode ?? 500) >= 400));
          response.on('error', () => once(true));
        },
      );
      request.setTimeout(timeoutMs, () => request.destroy(new Error('timeout')));
      request.on('error', () => once(true));
      request.end(body);
    };

    const tick = () => {
      const now = performance.now();
      while (issued < total && dueAt(issued) <= now) send(issued++);
      if (issued < total) setTimeout(tick, Math.max(0, Math.min(5, dueAt(issued) - now)));
    };
    if (total === 0) resolve({ requests: 0, seconds: 0, errors: 0, p50: 0, p99: 0, max: 0 });
    else tick();
  });
}
