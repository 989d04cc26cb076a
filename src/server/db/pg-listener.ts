// LISTEN on PostgreSQL over one dedicated connection that survives losing it. A connection closed by
// the server (pg_terminate_backend, a restart, the network) used to raise an unhandled 'error' and
// stop the process; now it is reconnected with backoff, every channel is listened to again, and each
// channel's onReconnect runs: notifications sent while nobody listened are lost, so whatever they would
// have invalidated must be treated as changed.
import pg from "pg";

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;

interface Channel {
  handlers: Array<(payload: string) => void>;
  onReconnect: Array<() => void>;
}

export class PgListener {
  private readonly url: string;
  private readonly log: (message: string) => void;
  private readonly channels = new Map<string, Channel>();
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryDelay = FIRST_RETRY_MS;
  private lostAt: number | null = null;
  private closed = false;

  constructor(url: string, log: (message: string) => void) {
    this.url = url;
    this.log = log;
  }

  /** Whether the LISTEN connection is open now (false while it is being reconnected). */
  get isConnected(): boolean {
    return this.client !== null && !this.closed;
  }

  async listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<void> {
    const client = await this.connected();
    const existing = this.channels.get(channel);
    if (existing) {
      existing.handlers.push(onPayload);
      if (onReconnect) existing.onReconnect.push(onReconnect);
      return;
    }
    this.channels.set(channel, { handlers: [onPayload], onReconnect: onReconnect ? [onReconnect] : [] });
    await client.query(`listen ${channel}`);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** The connection, opened on first use; a failure to open it the first time is the caller's. */
  private connected(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      this.lost(client, error);
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    client.on("notification", (message) => {
      for (const handler of this.channels.get(message.channel)?.handlers ?? [])
        handler(message.payload ?? "");
    });
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`listen ${channel}`);
    } catch (error) {
      lost = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    return client;
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client === client) this.client = null;
    if (this.closed) return;
    this.lostAt ??= Date.now();
    this.log(`LISTEN connection lost (${error?.message ?? "closed"}); reconnecting`);
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    const delay = this.retryDelay * (0.5 + Math.random() / 2);
    this.retryDelay = Math.min(this.retryDelay * 2, MAX_RETRY_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.reconnect();
    }, delay);
    this.retryTimer.unref?.();
  }

  private async reconnect(): Promise<void> {
    if (this.closed || this.client) return;
    try {
      await this.connected();
    } catch (error) {
      this.log(`LISTEN reconnect failed (${(error as Error).message}); retrying`);
      this.scheduleReconnect();
      return;
    }
    const downMs = this.lostAt === null ? 0 : Date.now() - this.lostAt;
    this.lostAt = null;
    this.retryDelay = FIRST_RETRY_MS;
    this.log(`LISTEN connection restored after ${downMs} ms`);
    for (const channel of this.channels.values()) for (const callback of channel.onReconnect) callback();
  }
}
