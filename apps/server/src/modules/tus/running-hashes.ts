import { createHash, type Hash } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';

interface RunningHash {
  hash: Hash;
  /** How many bytes from the start of the upload the hash has taken in. */
  offset: number;
}

export interface FollowedWrite {
  /** The bytes of the write, to be written by the store; they are hashed as they pass. */
  stream: Readable;
  /**
   * The store wrote up to `newOffset`: the hash goes on only if that is exactly what passed. A write
   * that fails is not settled, and its hash is gone: what passed may not all be stored.
   */
  settle(newOffset: number): void;
}

/**
 * SHA-256 of each upload computed while its PATCHes arrive, so that completing a large upload does
 * not read it all again. Only an unbroken run of writes from offset 0 counts; anything else (a
 * restart, another process took a PATCH, a write that failed midway) drops the hash, and completion
 * reads the stored bytes instead. tus locks an upload while it is written, so writes never overlap.
 */
export class RunningHashes {
  private readonly running = new Map<string, RunningHash>();

  constructor(private readonly limit = 1_000) {}

  follow(readable: Readable, id: string, offset: number): FollowedWrite {
    const previous = this.running.get(id);
    this.running.delete(id);
    const state = offset === 0 ? { hash: createHash('sha256'), offset: 0 } : previous?.offset === offset ? previous : undefined;
    if (!state) return { stream: readable, settle: () => undefined };
    let passed = 0;
    const tee = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        state.hash.update(chunk);
        passed += chunk.length;
        callback(null, chunk);
      },
    });
    // pipeline, not pipe: a failing source must fail the store's write too, not leave it waiting.
    const stream = pipeline(readable, tee, () => undefined);
    return {
      stream,
      settle: (newOffset) => {
        if (newOffset !== offset + passed) return;
        state.offset = newOffset;
        if (this.running.size >= this.limit) this.running.delete(this.running.keys().next().value!);
        this.running.set(id, state);
      },
    };
  }

  /** The upload's SHA-256 (hex) if the hash covers exactly `size` bytes; the hash is used up either way. */
  take(id: string, size: number): string | undefined {
    const state = this.running.get(id);
    this.running.delete(id);
    return state?.offset === size ? state.hash.digest('hex') : undefined;
  }

  forget(id: string): void {
    this.running.delete(id);
  }
}
