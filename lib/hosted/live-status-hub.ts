import { getDb, getHandle, type Unlisten } from "@/db/client";
import { logWarn } from "@/lib/log";
import { readLiveStatuses } from "./live-status";

type Watcher = (status: string) => void;
type Entry = { watchers: Set<Watcher>; last: string | null };

/** NOTIFY channel of migration 0032. */
const CHANNEL = "owo_hosted";
/** With LISTEN up, a slow sweep only catches what a dropped connection missed. */
const SWEEP_LISTENING_MS = 15_000;
/** Without LISTEN (e.g. PgBouncer with no DATABASE_DIRECT_URL), the sweep is how pages learn. */
const SWEEP_POLLING_MS = 1_000;
const RETRY_LISTEN_MS = 30_000;

function maxWatchers(): number {
  const n = Number(process.env.OWO_LIVE_STATUS_MAX ?? 10_000);
  return Number.isInteger(n) && n > 0 ? n : 10_000;
}

/**
 * One per process: every open hosted page's stream (app/api/live) is a watcher here, never a
 * database connection. The process LISTENs once on `owo_hosted`; a NOTIFY for a watched key
 * re-reads that key, and a sweep re-reads all watched keys in one query per kind (every 15 s
 * while listening, every 1 s when LISTEN is unavailable). Watchers hear a status only when it
 * differs from the last one sent.
 */
export class LiveStatusHub {
  private entries = new Map<string, Entry>();
  private watcherCount = 0;
  private dirty = new Set<string>();
  private flushing: Promise<void> | null = null;
  private sweepTimer: ReturnType<typeof setTimeout> | null = null;
  private unlisten: Unlisten | null = null;
  private listenTried = 0;

  get watchers(): number {
    return this.watcherCount;
  }

  /** The status of one key now, or null when its record does not exist. */
  async read(key: string): Promise<string | null> {
    return (await readLiveStatuses(await getDb(), [key])).get(key) ?? null;
  }

  /**
   * Calls `watcher` with every later status of `key` (`current` is what the caller has just
   * read). Null when the process already holds its limit of watchers (OWO_LIVE_STATUS_MAX):
   * the page then polls instead.
   */
  subscribe(key: string, current: string, watcher: Watcher): (() => void) | null {
    if (this.watcherCount >= maxWatchers()) return null;
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { watchers: new Set(), last: current };
      this.entries.set(key, entry);
    } else if (entry.last !== current) {
      // This caller read a newer (or older) status than the others were told: settle it now.
      this.markDirty(key);
    }
    entry.watchers.add(watcher);
    this.watcherCount++;
    this.start();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.watcherCount--;
      entry.watchers.delete(watcher);
      if (entry.watchers.size === 0 && this.entries.get(key) === entry) this.entries.delete(key);
      if (this.entries.size === 0) this.stopSweep();
    };
  }

  private start() {
    if (!this.unlisten && Date.now() - this.listenTried > RETRY_LISTEN_MS) void this.listen();
    if (!this.sweepTimer) this.scheduleSweep();
  }

  private async listen() {
    this.listenTried = Date.now();
    try {
      const handle = await getHandle();
      this.unlisten = await handle.listen(CHANNEL, (payload) => {
        if (this.entries.has(payload)) this.markDirty(payload);
      });
      // Anything that changed while LISTEN was starting is caught by one sweep now.
      this.markDirty(...this.entries.keys());
    } catch (err) {
      logWarn("Live status: LISTEN failed; hosted pages are polled", { error: (err as Error).message });
    }
  }

  private scheduleSweep() {
    this.sweepTimer = setTimeout(
      () => {
        this.sweepTimer = null;
        if (this.entries.size === 0) return;
        this.markDirty(...this.entries.keys());
        if (!this.unlisten && Date.now() - this.listenTried > RETRY_LISTEN_MS) void this.listen();
        this.scheduleSweep();
      },
      this.unlisten ? SWEEP_LISTENING_MS : SWEEP_POLLING_MS,
    );
    this.sweepTimer.unref?.();
  }

  private stopSweep() {
    if (this.sweepTimer) clearTimeout(this.sweepTimer);
    this.sweepTimer = null;
  }

  private markDirty(...keys: string[]) {
    for (const k of keys) this.dirty.add(k);
    this.flushing ??= Promise.resolve().then(() => this.flush());
  }

  /** Re-reads the dirty keys (batched) and tells each key's watchers of a change. */
  private async flush() {
    try {
      while (this.dirty.size > 0) {
        const keys = [...this.dirty].slice(0, 1000);
        for (const k of keys) this.dirty.delete(k);
        const wanted = keys.filter((k) => this.entries.has(k));
        if (wanted.length === 0) continue;
        const now = await readLiveStatuses(await getDb(), wanted);
        for (const key of wanted) {
          const status = now.get(key);
          const entry = this.entries.get(key);
          if (!entry || status === undefined || status === entry.last) continue;
          entry.last = status;
          for (const w of entry.watchers) w(status);
        }
      }
    } catch (err) {
      logWarn("Live status: reading statuses failed", { error: (err as Error).message });
    } finally {
      this.flushing = null;
      if (this.dirty.size > 0) this.markDirty();
    }
  }
}

const globalForHub = globalThis as unknown as { __owoLiveStatus?: LiveStatusHub };

/** The process's hub (kept on globalThis: Next may load this module once per route bundle). */
export function liveStatusHub(): LiveStatusHub {
  globalForHub.__owoLiveStatus ??= new LiveStatusHub();
  return globalForHub.__owoLiveStatus;
}
