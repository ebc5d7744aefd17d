// While the database is away (a restart, a failover, a network cut), every request that needs it fails the same
// way for the same reason. One line says that the outage began, one line every COUNT_EVERY_MS says how many
// answers it has cost so far, and one says it is over (found by a probe query every PROBE_EVERY_MS), instead of
// a stack trace per request.
import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from './dbErrors.ts';

const PROBE_EVERY_MS = 1_000;
const COUNT_EVERY_MS = 10_000;

type Log = Pick<FastifyBaseLogger, 'error' | 'warn'>;
/** Until the server's logger exists (a connection lost while the database opens). */
const consoleLog: Log = {
  error: (obj: object, msg?: string) => console.error(msg, JSON.stringify(obj)),
  warn: (obj: object, msg?: string) => console.warn(msg, JSON.stringify(obj)),
} as Log;

/** The error's own words, without its stack: the same for every request of an outage. */
const causeOf = (err: unknown) => ({
  cause: err instanceof Error ? err.message : String(err),
  code: (err as { code?: unknown } | null)?.code,
});

export class DatabaseOutage {
  private since = 0;
  private total = 0;
  private sinceLastCount = 0;
  private probeTimer: NodeJS.Timeout | undefined;
  private countTimer: NodeJS.Timeout | undefined;
  private probing = false;
  private closed = false;
  private probe: () => Promise<unknown> = () => Promise.reject(new Error('no probe yet'));
  private logger: Log = consoleLog;

  /** Once the database and the logger exist: `probe` is a trivial query (select 1). */
  watchWith(probe: () => Promise<unknown>, logger: Log): void {
    this.probe = probe;
    this.logger = logger;
  }
  private log = () => this.logger;

  get active(): boolean {
    return this.since !== 0;
  }

  /**
   * `err` made `what` fail: when it says the database is unavailable it is counted here (true), and the outage
   * begins if it had not; otherwise false, and the caller reports it as it would any other error.
   */
  failed(err: unknown, what: 'request' | 'background' = 'request'): boolean {
    if (!isDatabaseUnavailable(err)) return false;
    if (what === 'request') {
      this.total++;
      this.sinceLastCount++;
    }
    if (this.since || this.closed) return true;
    this.since = Date.now();
    this.log().error(
      causeOf(err),
      'database unavailable: requests that need it are answered 503 until it answers again',
    );
    this.probeTimer = setInterval(() => void this.check(), PROBE_EVERY_MS).unref();
    this.countTimer = setInterval(() => this.count(), COUNT_EVERY_MS).unref();
    return true;
  }

  private count(): void {
    this.log().warn(
      { refused: this.sinceLastCount, refusedInAll: this.total, downForMs: Date.now() - this.since },
      'database still unavailable',
    );
    this.sinceLastCount = 0;
  }

  private async check(): Promise<void> {
    if (this.probing || !this.since) return;
    this.probing = true;
    try {
      await this.probe();
    } catch {
      return; // still away
    } finally {
      this.probing = false;
    }
    this.log().warn({ downForMs: Date.now() - this.since, refusedInAll: this.total }, 'database answers again');
    this.end();
  }

  private end(): void {
    clearInterval(this.probeTimer);
    clearInterval(this.countTimer);
    this.since = this.total = this.sinceLastCount = 0;
  }

  close(): void {
    this.closed = true;
    this.end();
  }
}
