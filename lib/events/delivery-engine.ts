import { and, eq, inArray } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { events } from "@/db/schema";
import { logError } from "@/lib/log";
import { claimDueBatch, type ClaimedEvent } from "./claim-due-events";
import { sendWebhook } from "./deliver-event";
import { recordAutomaticAttempts, type AutomaticAttempt } from "./record-attempts";
import { retryDelayMs } from "./retry-schedule";

/** Candidate rows one claim looks at (each key still gets at most MAX_PER_KEY_PER_CLAIM). */
const CLAIM_CANDIDATES = 200;
/** Keys attempted at once by one process; each key's attempts are sequential. */
const MAX_KEYS_AT_ONCE = 64;
/** Attempts recorded per statement at most. */
const RECORD_BATCH = 200;

export type PassOptions = {
  /** Only these key pairs' events (tests); default: every key. */
  keyPairIds?: string[];
  /** Stop claiming once this many events were claimed by this pass. */
  maxAttempts?: number;
  /** Stop claiming after this long, so one scheduler pass cannot hold up the other jobs. */
  budgetMs?: number;
};

type Pending = { attempt: AutomaticAttempt; done: (error?: unknown) => void };

/** Record statements in flight at once: an attempt waits for at most one to finish before its own starts. */
const RECORD_FLUSHES_AT_ONCE = 3;

/**
 * Records automatic attempts in batches (record-attempts.ts, one statement per batch): what
 * finished in the same turn of the event loop, or while every flush slot was busy, goes in one
 * statement.
 */
class AttemptRecorder {
  private buffer: Pending[] = [];
  private flushing = 0;
  private scheduled = false;

  constructor(private readonly db: () => Promise<Db>) {}

  record(attempt: AutomaticAttempt): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.buffer.push({ attempt, done: (error) => (error === undefined ? resolve() : reject(error)) });
      this.schedule();
    });
  }

  get idle(): boolean {
    return this.buffer.length === 0 && this.flushing === 0 && !this.scheduled;
  }

  private schedule(): void {
    if (this.scheduled || this.flushing >= RECORD_FLUSHES_AT_ONCE) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.buffer.length === 0) return;
      this.flushing++;
      void this.flush().finally(() => {
        this.flushing--;
        if (this.buffer.length > 0) this.schedule();
      });
      if (this.buffer.length > 0) this.schedule();
    });
  }

  private async flush(): Promise<void> {
    // Each event once per statement (an automatic attempt is claimed once, so this is a safeguard).
    const seen = new Set<string>();
    const take: Pending[] = [];
    const keep: Pending[] = [];
    for (const p of this.buffer) {
      if (take.length < RECORD_BATCH && !seen.has(p.attempt.eventId)) {
        seen.add(p.attempt.eventId);
        take.push(p);
      } else keep.push(p);
    }
    this.buffer = keep;
    try {
      await recordAutomaticAttempts(await this.db(), take.map((p) => p.attempt));
      for (const p of take) p.done();
    } catch (error) {
      for (const p of take) p.done(error);
    }
  }
}

/**
 * The webhook delivery engine (supplement §4), one per process: the after-commit wake-up, the
 * other instances' NOTIFY and the scheduler's deliver_webhooks job all run it. It claims due
 * events in batches (claimDueBatch: FOR UPDATE SKIP LOCKED, a lease, the order rule), attempts
 * each key's claimed events one after another in event order over the destination's keep-alive
 * pool, different keys in parallel (a slow receiver holds only its own key), and records the
 * attempts in batches. A key is claimed again only once its previous claim is attempted and
 * recorded, so one process never runs a key twice at once.
 */
class DeliveryEngine {
  /** Keys being attempted now, each with its run (resolves once recorded and released). */
  private readonly busy = new Map<string, Promise<number>>();
  private claiming: Promise<unknown> = Promise.resolve();
  private pump: Promise<void> | null = null;
  /** Every key's due events wanted (another instance's NOTIFY), or only those of these events' keys (after commit). */
  private wantedAll = false;
  private wantedEventIds = new Set<string>();
  private wakeSignal = this.newSignal();
  private readonly recorder = new AttemptRecorder(getDb);

  private newSignal() {
    let fire!: () => void;
    const promise = new Promise<void>((resolve) => (fire = resolve));
    return { promise, fire };
  }

  /**
   * Something was committed: deliver what is due now, for the keys of these events (after
   * commit: they and any earlier ones of their keys they must follow), or for every key
   * (no ids: another instance said so).
   */
  wake(eventIds?: string[]): void {
    if (eventIds) for (const id of eventIds) this.wantedEventIds.add(id);
    else this.wantedAll = true;
    this.wakeSignal.fire();
    this.wakeSignal = this.newSignal();
    this.pump ??= this.runPump()
      .catch((error) => logError("webhook delivery failed", { error }))
      .finally(() => {
        this.pump = null;
        if (this.wantedAll || this.wantedEventIds.size > 0) this.wake([]);
      });
  }

  /**
   * The wake-ups' loop: claims for the wanted keys until nothing of theirs is due or running,
   * taking in the keys of events committed meanwhile as it goes.
   */
  private async runPump(): Promise<void> {
    const db = await getDb();
    let all = false;
    const keys = new Set<string>();
    for (;;) {
      if (this.wantedAll) {
        all = true;
        this.wantedAll = false;
      }
      if (this.wantedEventIds.size > 0) {
        const ids = [...this.wantedEventIds];
        this.wantedEventIds.clear();
        if (!all) for (const key of await keysOf(db, ids)) keys.add(key);
      }
      if (!all && keys.size === 0) return;
      const claimed = await this.claimAndStart(db, all ? undefined : [...keys], CLAIM_CANDIDATES);
      if (claimed.count > 0) continue;
      const running = [...this.busy.entries()].filter(([key]) => all || keys.has(key)).map(([, run]) => run);
      if (running.length === 0 && this.busy.size < MAX_KEYS_AT_ONCE) {
        if (this.wantedAll || this.wantedEventIds.size > 0) continue;
        return;
      }
      await Promise.race([...(this.busy.size < MAX_KEYS_AT_ONCE ? running : [...this.busy.values()]), this.wakeSignal.promise]);
    }
  }

  /** Resolves once nothing is being claimed, attempted or recorded (tests, shutdown). */
  async settled(): Promise<void> {
    for (;;) {
      if (this.pump) await this.pump;
      else if (this.busy.size > 0) await Promise.allSettled([...this.busy.values()]);
      else if (!this.recorder.idle) await new Promise((r) => setTimeout(r, 1));
      else return;
    }
  }

  /**
   * Claims and attempts due events until nothing is due (or a bound is reached), waiting for
   * keys busy elsewhere in this process so their next events are not left for later. Answers
   * the number of attempts this pass made and recorded within its budget.
   */
  async pass(db: Db, options: PassOptions = {}): Promise<number> {
    const { keyPairIds, maxAttempts = Infinity, budgetMs = Infinity } = options;
    const started = Date.now();
    const mine: Promise<number>[] = [];
    let claimedCount = 0;
    const relevant = (key: string) => !keyPairIds || keyPairIds.includes(key);
    // Waiting for a busy key (a receiver timing out) ends with the budget too.
    let budgetTimer: NodeJS.Timeout | undefined;
    const budgetOver = Number.isFinite(budgetMs)
      ? new Promise<void>((resolve) => (budgetTimer = setTimeout(resolve, budgetMs)))
      : new Promise<void>(() => undefined);
    while (claimedCount < maxAttempts && Date.now() - started < budgetMs) {
      const free = MAX_KEYS_AT_ONCE - this.busy.size;
      const claimed = free > 0 ? await this.claimAndStart(db, keyPairIds, Math.min(CLAIM_CANDIDATES, maxAttempts - claimedCount)) : null;
      if (claimed && claimed.count > 0) {
        claimedCount += claimed.count;
        mine.push(...claimed.runs);
        continue;
      }
      const running = [...this.busy.entries()].filter(([key]) => relevant(key)).map(([, run]) => run);
      if (running.length === 0 && free > 0) break;
      // A key finishing (its next events may be due) or a new commit: claim again.
      await Promise.race([...running, ...(free > 0 ? [] : [...this.busy.values()]), this.wakeSignal.promise, budgetOver]);
    }
    // What it started is waited for within the budget; a run still going after it (a receiver
    // timing out) finishes in the background, so the scheduler's other jobs are not held up.
    let made = 0;
    const all = Promise.all(mine.map((run) => run.then((n) => void (made += n))));
    await Promise.race([all, budgetOver]);
    clearTimeout(budgetTimer);
    return made;
  }

  /**
   * One claim at a time in this process, never for a key it is still working on: the claimed
   * keys are marked busy (their runs started) before the next claim may begin.
   */
  private claimAndStart(db: Db, keyPairIds: string[] | undefined, limit: number): Promise<{ count: number; runs: Promise<number>[] }> {
    const run = this.claiming.then(async () => {
      const maxKeys = MAX_KEYS_AT_ONCE - this.busy.size;
      if (maxKeys <= 0) return { count: 0, runs: [] };
      const claimed = await claimDueBatch(db, { limit, keyPairIds, excludeKeyPairIds: [...this.busy.keys()], maxKeys });
      const runs = [...groupByKey(claimed)].map(([key, list]) => this.start(db, key, list));
      return { count: claimed.length, runs };
    });
    this.claiming = run.catch(() => undefined);
    return run;
  }

  private start(db: Db, key: string, list: ClaimedEvent[]): Promise<number> {
    const run = this.attemptKey(db, list)
      .catch((error) => {
        logError("webhook attempts failed to run", { keyPairId: key, error });
        return 0;
      })
      .finally(() => this.busy.delete(key));
    this.busy.set(key, run);
    return run;
  }

  /**
   * One key's claimed events, in event order, each sent once the previous one is recorded
   * (first attempts in order; a kill loses at most the one attempt in flight per key). The
   * records of different keys share statements. If an attempt cannot be recorded, the key's
   * later events are left to their lease, so none overtakes it (it is retried, same webhook-id).
   */
  private async attemptKey(db: Db, list: ClaimedEvent[]): Promise<number> {
    const noEndpoint = list.filter((e) => !e.webhookUrl).map((e) => e.id);
    if (noEndpoint.length > 0) {
      await db
        .update(events)
        .set({ deliveryStatus: "no_endpoint", nextAttemptAt: null })
        .where(and(inArray(events.id, noEndpoint), eq(events.deliveryStatus, "pending")));
    }
    let made = 0;
    for (const event of list) {
      if (!event.webhookUrl) continue;
      const result = await sendWebhook({ ...event, webhookUrl: event.webhookUrl });
      made++;
      try {
        await this.recorder.record({
          eventId: event.id,
          url: event.webhookUrl,
          result,
          retryDelayMs: result.ok ? 0 : retryDelayMs(event.automaticAttempts + 1),
        });
      } catch (error) {
        logError("webhook attempt could not be recorded", { eventId: event.id, error });
        break;
      }
    }
    return made;
  }
}

/** The key pairs of these events (still pending: the others have nothing left to send). */
async function keysOf(db: Db, eventIds: string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ keyPairId: events.keyPairId })
    .from(events)
    .where(and(inArray(events.id, eventIds), eq(events.deliveryStatus, "pending")));
  return rows.map((r) => r.keyPairId);
}

function groupByKey(claimed: ClaimedEvent[]): Map<string, ClaimedEvent[]> {
  const byKey = new Map<string, ClaimedEvent[]>();
  for (const event of [...claimed].sort((a, b) => a.seq - b.seq)) {
    const list = byKey.get(event.keyPairId) ?? [];
    list.push(event);
    byKey.set(event.keyPairId, list);
  }
  return byKey;
}

const g = globalThis as unknown as { __owoDeliveryEngine?: DeliveryEngine };

/** This process's engine (one, even if the bundler loads this module more than once). */
export function deliveryEngine(): DeliveryEngine {
  return (g.__owoDeliveryEngine ??= new DeliveryEngine());
}
