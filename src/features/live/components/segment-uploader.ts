import { LIVE_SEGMENT_QUEUE_MAX } from '#domain/live-stream.ts';
import { ApiError } from '#src/api/errors.ts';

// The athlete's side of the stream: recorded segments wait here and go out one at a time, in order. A
// segment's number is given when it is first sent, so segments dropped while the server was out of reach
// leave no hole in the numbers (the server marks the gap from their times instead). A lost answer is
// simply sent again (the server answers a replay of the last segment unchanged).

export interface Recorded {
  blob: Blob;
  atMs: number;
  durationMs: number;
}

export interface UploaderStatus {
  sent: number;
  waiting: number;
  offline: boolean;
  dropped: number;
  problem: string | null;
  closed: boolean;
}

export interface UploaderDeps {
  send: (seq: number, r: Recorded) => Promise<unknown>;
  /** The newest segment the server has and whether the attempt is still live (after a refusal). */
  resync: () => Promise<{ lastSeq: number; live: boolean }>;
  onStatus: (s: UploaderStatus) => void;
  retryMs: number;
}

export class SegmentUploader {
  private queue: (Recorded & { seq?: number })[] = [];
  private nextSeq: number;
  private sending = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private status: UploaderStatus = { sent: 0, waiting: 0, offline: false, dropped: 0, problem: null, closed: false };

  constructor(
    lastSeq: number,
    private readonly deps: UploaderDeps,
  ) {
    this.nextSeq = lastSeq + 1;
  }

  add(r: Recorded) {
    if (this.status.closed) return;
    this.queue.push(r);
    // Too many waiting (a long drop): the oldest not yet numbered go, and the server records the gap.
    while (this.queue.length > LIVE_SEGMENT_QUEUE_MAX) {
      const at = this.queue.findIndex((q) => q.seq === undefined);
      if (at < 0) break;
      this.queue.splice(at, 1);
      this.status.dropped += 1;
    }
    this.tell({});
    void this.pump();
  }

  close() {
    clearTimeout(this.timer);
    this.queue = [];
    this.tell({ closed: true, waiting: 0 });
  }

  private tell(patch: Partial<UploaderStatus>) {
    this.status = { ...this.status, waiting: this.queue.length, ...patch };
    this.deps.onStatus(this.status);
  }

  private async pump(): Promise<void> {
    if (this.sending || this.status.closed) return;
    const head = this.queue[0];
    if (!head) return;
    this.sending = true;
    head.seq ??= this.nextSeq++;
    try {
      await this.deps.send(head.seq, head);
      this.queue.shift();
      this.tell({ sent: this.status.sent + 1, offline: false, problem: null });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
        this.tell({ offline: true });
        this.sending = false;
        this.timer = setTimeout(() => void this.pump(), this.deps.retryMs);
        return;
      }
      if (error.status === 409) {
        // Out of step with the server (or the attempt ended): take its numbering and go on, or stop.
        const known = await this.deps.resync().catch(() => null);
        if (known && !known.live) {
          this.sending = false;
          this.close();
          return;
        }
        if (known) {
          this.nextSeq = known.lastSeq + 1;
          if (head.seq <= known.lastSeq) this.queue.shift();
          else head.seq = undefined;
        }
      } else {
        // This segment cannot be taken (too large, not a video): it is dropped, the rest go on.
        this.queue.shift();
        this.nextSeq -= 1;
        this.tell({ problem: error.message, dropped: this.status.dropped + 1 });
      }
    }
    this.sending = false;
    void this.pump();
  }
}
