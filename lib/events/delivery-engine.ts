import { and, eq, inArray } from "drizzle-orm";
import { getDb, type Db } from "@/db/client";
import { events } from "@/db/schema";
import { logError } from "@/lib/log";
import { claimDueBatch, type ClaimedEvent } from "./claim-due-events";
import { sendWebhook } from "./deliver-event";
import { CONNECTIONS_PER_ORIGIN, type PostResult } from "./post-webhook";
import { recordAutomaticAttempts, type AutomaticAttempt } from "@/db/statements/events";
import { retryDelayMs } from "./retry-schedule";

/** Candidate rows one claim looks at (each key still gets at most MAX_PER_KEY_PER_CLAIM). */
const CLAIM_CANDIDATES = 200;
/**
 * Keys with claimed work in one process at most; each key's attempts are sequential, so this
 * is also the most connections it wants to one destination (post-webhook.ts keeps that many
 * per origin: keys sharing a receiver never queue behind each other's slow answers).
 */
const MAX_KEYS_AT_ONCE = CONNECTIONS_PER_ORIGIN;
/** A key's queue is topped up by the next claim once fewer than this many claimed events wait to be sent. */
const REFILL_BELOW = 5;
/**
 * A key sends its next event without waiting for the previous attempt's record, up to this
 * many attempts awaiting their records; then it waits. A crash (SIGKILL) loses at most these
 * records and the attempt in flight: those events are sent again once their lease runs out
 * (same webhook-id), and recorded once.
 */
export const MAX_UNRECORDED_PER_KEY = 32;
/** Attempts recorded per statement at most. */
const RECORD_BATCH = 200;
/** How long finished attempts gather before their record statement goes (unless a quarter batch is waiting). */
const RECORD_GATHER_MS = 3;
/** Record statements in flight at once; what finishes meanwhile waits for the next one. */
const RECORD_FLUSHES_AT_ONCE = 3;

export type PassOptions = {
  /** Only these key pairs' events (tests); default: every key. */
  keyPairIds?: string[];
  /** Stop claiming once this many events were claimed by this pass. */
  maxAttempts?: number;
  /** Stop claiming after this long, so one scheduler pass cannot hold up the other jobs. */
  budgetMs?: number;
};

type Pending = { attempt: AutomaticAttempt; done: (error?: unknown) => void };

/**
 * Records automatic attempts in batches (db/statements/events.ts, one statement per batch): what
 * finished within RECORD_GATHER_MS, or while every flush slot was busy, goes in one statement. Nobody waits for a record before the next attempt: the key's queue only counts
 * its unrecorded attempts (MAX_UNRECORDED_PER_KEY).
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
    // A few milliseconds' attempts in one statement (each statement is a socket write and a
    // round trip: the costly part on a busy machine); a full batch goes at once.
    const wait = this.buffer.length >= RECORD_BATCH / 4 ? 0 : RECORD_GATHER_MS;
    setTimeout(() => {
      this.scheduled = false;
      if (this.buffer.length === 0) return;
      this.flushing++;
      void this.flush().finally(() => {
        this.flushing--;
        if (this.buffer.length > 0) this.schedule();
      });
      if (this.buffer.length > 0) this.schedule();
    }, wait);
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
      await recordAutomaticAttempts(
        await this.db(),
        take.map((p) => p.attempt),
      );
      for (const p of take) p.done();
    } catch (error) {
      for (const p of take) p.done(error);
    }
  }
}

/** A claimed event in this process: settles once its attempt is recorded (true) or it is let go unattempted (false). */
type Claim = { event: ClaimedEvent; settled: Promise<boolean>; settle: (made: boolean) => void };

/**
 * One key's claimed events in this process, sent one at a time in event order: `queue` not
 * sent yet, `inFlight` the one being sent, `unrecorded` sent and awaiting their record. `held`
 * is every id claimed here and not yet settled: the next claim does not count them as earlier
 * events still waiting (claim-due-events.ts), so the key's queue is topped up while its
 * attempts run, and they are still sent in order, here.
 */
type Lane = {
  key: string;
  queue: Claim[];
  inFlight: Claim | null;
  unrecorded: number;
  held: Map<string, Claim>;
  sending: boolean;
  /** Set while the key waits for records (MAX_UNRECORDED_PER_KEY): called when one lands. */
  recorded: (() => void) | null;
};

/** Whether the next claim may add to this key's queue. */
const wantsMore = (lane: Lane) => lane.queue.length < REFILL_BELOW && lane.unrecorded < MAX_UNRECORDED_PER_KEY;

function newSignal() {
  let fire!: () => void;
  const promise = new Promise<void>((resolve) => (fire = resolve));
  return { promise, fire };
}

/**
 * The webhook delivery engine (supplement §4), one per process: the after-commit wake-up, the
 * other instances' NOTIFY and the scheduler's deliver_webhooks job all run it. It claims due
 * events in batches (claimDueBatch: FOR UPDATE SKIP LOCKED, a lease, the order rule) into one
 * queue per key, each key's queue sent one attempt at a time in event order over the
 * destination's keep-alive pool, different keys in parallel (a slow receiver holds only its own
 * key), and records the attempts in batches without holding up the next attempt. A key's queue
 * is topped up by the next claim before it runs dry.
 */
class DeliveryEngine {
  private readonly lanes = new Map<string, Lane>();
  private claiming: Promise<unknown> = Promise.resolve();
  private pump: Promise<void> | null = null;
  /** Every key's due events wanted (another instance's NOTIFY), or only those of these events' keys (after commit). */
  private wantedAll = false;
  private wantedEventIds = new Set<string>();
  /**
   * Counts what may make a claim find more: a wake-up, a key's queue wanting more, a key's
   * work all settled. A waiter that saw the count before its claim found nothing waits only
   * if it has not moved since (no wake-up is lost between the claim and the wait).
   */
  private changes = 0;
  private changed = newSignal();
  private readonly recorder = new AttemptRecorder(getDb);

  private noteChange(): void {
    this.changes++;
    this.changed.fire();
    this.changed = newSignal();
  }

  /**
   * Something was committed: deliver what is due now, for the keys of these events (after
   * commit: they and any earlier ones of their keys they must follow), or for every key
   * (no ids: another instance said so).
   */
  wake(eventIds?: string[]): void {
    if (eventIds) for (const id of eventIds) this.wantedEventIds.add(id);
    else this.wantedAll = true;
    this.noteChange();
    this.pump ??= this.runPump()
      .catch((error) => logError("webhook delivery failed", { error }))
      .finally(() => {
        this.pump = null;
        if (this.wantedAll || this.wantedEventIds.size > 0) this.wake([]);
      });
  }

  /** Whether any key in scope (every key: undefined) has claimed work not yet settled here. */
  private working(keys: ReadonlySet<string> | undefined): boolean {
    for (const lane of this.lanes.values()) if (!keys || keys.has(lane.key)) return true;
    return false;
  }

  /**
   * The wake-ups' loop: claims for the wanted keys until nothing of theirs is due or being
   * worked on here, taking in the keys of events committed meanwhile as it goes.
   */
  private async runPump(): Promise<void> {
    const db = await getDb();
    let all = false;
    const keys = new Set<string>();
    for (;;) {
      const seen = this.changes;
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
      const claimed = await this.claim(db, all ? undefined : [...keys], CLAIM_CANDIDATES);
      if (claimed.length > 0) continue;
      if (this.changes !== seen) continue;
      if (!this.working(all ? undefined : keys)) return;
      await this.changed.promise;
    }
  }

  /** Resolves once nothing is being claimed, attempted or recorded (tests, shutdown). */
  async settled(): Promise<void> {
    for (;;) {
      if (this.pump) await this.pump;
      else if (this.lanes.size > 0) await this.changed.promise;
      else if (!this.recorder.idle) await new Promise((r) => setTimeout(r, 1));
      else return;
    }
  }

  /**
   * Claims and attempts due events until nothing is due (or a bound is reached), waiting for
   * keys being worked on elsewhere in this process so their next events are not left for
   * later. Answers the number of attempts this pass claimed, made and recorded within its budget.
   */
  async pass(db: Db, options: PassOptions = {}): Promise<number> {
    const { keyPairIds, maxAttempts = Infinity, budgetMs = Infinity } = options;
    const started = Date.now();
    const scope = keyPairIds ? new Set(keyPairIds) : undefined;
    const mine: Promise<boolean>[] = [];
    // Waiting for a busy key (a receiver timing out) ends with the budget too.
    let budgetTimer: NodeJS.Timeout | undefined;
    const budgetOver = Number.isFinite(budgetMs)
      ? new Promise<void>((resolve) => (budgetTimer = setTimeout(resolve, budgetMs)))
      : new Promise<void>(() => undefined);
    while (mine.length < maxAttempts && Date.now() - started < budgetMs) {
      const seen = this.changes;
      const claimed = await this.claim(db, keyPairIds, Math.min(CLAIM_CANDIDATES, maxAttempts - mine.length));
      if (claimed.length > 0) {
        mine.push(...claimed.map((c) => c.settled));
        continue;
      }
      if (this.changes !== seen) continue;
      if (!this.working(scope)) break;
      // A key wanting more (its next events may be due), a key done, or a new commit: claim again.
      await Promise.race([this.changed.promise, budgetOver]);
    }
    // What it claimed is waited for within the budget; an attempt still going after it (a
    // receiver timing out) finishes in the background, so the scheduler's other jobs are not held up.
    let made = 0;
    const all = Promise.all(mine.map((settled) => settled.then((m) => void (made += m ? 1 : 0))));
    await Promise.race([all, budgetOver]);
    clearTimeout(budgetTimer);
    return made;
  }

  /**
   * One claim at a time in this process. Keys whose queue is long enough (or whose records lag)
   * are left out; the ids held here are named so the order rule lets the keys' next events
   * through (they go behind them in the same queue), and each new event's lease covers the
   * attempts queued ahead of it.
   */
  private claim(db: Db, keyPairIds: string[] | undefined, limit: number): Promise<Claim[]> {
    const run = this.claiming.then(async () => {
      const full: string[] = [];
      const heldIds: string[] = [];
      const ahead: Record<string, number> = {};
      for (const lane of this.lanes.values()) {
        if (!wantsMore(lane)) full.push(lane.key);
        else {
          heldIds.push(...lane.held.keys());
          ahead[lane.key] = lane.queue.length + (lane.inFlight ? 1 : 0);
        }
      }
      const maxKeys = MAX_KEYS_AT_ONCE - full.length;
      if (maxKeys <= 0) return [];
      const claimed = await claimDueBatch(db, { limit, keyPairIds, excludeKeyPairIds: full, maxKeys, heldIds, ahead });
      if (claimed.length === 0) return [];
      const claims = claimed.map((event): Claim => {
        let settle!: (made: boolean) => void;
        const settled = new Promise<boolean>((resolve) => (settle = resolve));
        return { event, settled, settle };
      });
      const noEndpoint = claims.filter((c) => !c.event.webhookUrl);
      if (noEndpoint.length > 0) await this.markNoEndpoint(db, noEndpoint);
      for (const claim of claims) if (claim.event.webhookUrl) this.enqueue(claim);
      return claims;
    });
    this.claiming = run.catch(() => undefined);
    return run;
  }

  /** Events whose key has no webhook URL (any more): nothing to send, they are marked so. */
  private async markNoEndpoint(db: Db, claims: Claim[]): Promise<void> {
    try {
      await db
        .update(events)
        .set({ deliveryStatus: "no_endpoint", nextAttemptAt: null })
        .where(
          and(
            inArray(
              events.id,
              claims.map((c) => c.event.id),
            ),
            eq(events.deliveryStatus, "pending"),
          ),
        );
    } catch (error) {
      logError("webhook events without an endpoint could not be marked", { error });
    }
    for (const c of claims) c.settle(false);
  }

  private enqueue(claim: Claim): void {
    const key = claim.event.keyPairId;
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { key, queue: [], inFlight: null, unrecorded: 0, held: new Map(), sending: false, recorded: null };
      this.lanes.set(key, lane);
    }
    // Claims come in seq order per key (claimDueEvents sorts them), after what the key already holds.
    lane.queue.push(claim);
    lane.held.set(claim.event.id, claim);
    if (!lane.sending) void this.send(lane);
  }

  /**
   * A key's queue, one attempt at a time in event order (first attempts in order); each
   * attempt's record is written in the background (batched with other keys') while the next
   * one is sent. If an attempt cannot be made at all, the key's queue is let go (left to its
   * leases) so no later event overtakes it.
   */
  private async send(lane: Lane): Promise<void> {
    lane.sending = true;
    try {
      while (lane.queue.length > 0) {
        if (lane.unrecorded >= MAX_UNRECORDED_PER_KEY) {
          await new Promise<void>((resolve) => (lane.recorded = resolve));
          continue;
        }
        const wanted = wantsMore(lane);
        const claim = lane.queue.shift()!;
        lane.inFlight = claim;
        // Running low: the next claim tops the queue up while this attempt runs.
        if (!wanted && wantsMore(lane)) this.noteChange();
        let result: PostResult;
        try {
          const { event } = claim;
          result = await sendWebhook({ ...event, webhookUrl: event.webhookUrl! });
        } catch (error) {
          logError("webhook attempt failed to run", { keyPairId: lane.key, eventId: claim.event.id, error });
          lane.inFlight = null;
          for (const c of [claim, ...lane.queue.splice(0)]) this.letGo(lane, c, false);
          break;
        }
        lane.inFlight = null;
        lane.unrecorded++;
        this.record(lane, claim, result);
      }
    } finally {
      lane.sending = false;
    }
  }

  private record(lane: Lane, claim: Claim, result: PostResult): void {
    const { event } = claim;
    this.recorder
      .record({ eventId: event.id, url: event.webhookUrl!, result, retryDelayMs: result.ok ? 0 : retryDelayMs(event.automaticAttempts + 1) })
      .then(
        () => true,
        (error: unknown) => {
          // Left to its lease: it is sent again (same webhook-id) and recorded then.
          logError("webhook attempt could not be recorded", { eventId: event.id, error });
          return false;
        },
      )
      .then((made) => {
        const wanted = wantsMore(lane);
        lane.unrecorded--;
        lane.recorded?.();
        lane.recorded = null;
        this.letGo(lane, claim, made, !wanted && wantsMore(lane));
      });
  }

  /** The claim is settled here: the key forgets it (and the key itself once it holds nothing). */
  private letGo(lane: Lane, claim: Claim, made: boolean, changed = false): void {
    lane.held.delete(claim.event.id);
    claim.settle(made);
    if (lane.held.size === 0 && this.lanes.get(lane.key) === lane) {
      this.lanes.delete(lane.key);
      changed = true;
    }
    if (changed) this.noteChange();
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

const g = globalThis as unknown as { __owoDeliveryEngine?: DeliveryEngine };

/** This process's engine (one, even if the bundler loads this module more than once). */
export function deliveryEngine(): DeliveryEngine {
  return (g.__owoDeliveryEngine ??= new DeliveryEngine());
}
