import { asError } from '@spatia/contract';
import type { ChildProcess } from 'node:child_process';
import { sweepMemoryScratch } from '../../lib/memory-scratch.js';
import { startChildProcess } from '../start-worker.js';
import { deserializeError, type ChildMessage, type TaskMessage } from './media-protocol.js';
import { taskFileName, type MediaProgress, type MediaResults, type MediaTask, type MediaTaskKind } from './media-tasks.js';

/**
 * The media process ended before it answered a task: a crash in native code, an uncaught exception,
 * memory exhausted, a kill by the system. Not the file's owner's doing as far as anyone can tell, so the
 * run is retried; a run whose attempts keep ending this way fails as `crashed` (processing.service.ts).
 */
export class MediaProcessDied extends Error {
  constructor(
    /** The file the task was working on, as uploaded; null when the task had none. */
    readonly fileName: string | null,
    readonly exitCode: number | null,
    readonly exitSignal: NodeJS.Signals | null,
    /** The end of what the process wrote to stderr (a stack, V8's out-of-memory report). */
    readonly output: string,
  ) {
    super(
      `the media process ended (${exitSignal ? `signal ${exitSignal}` : `exit code ${exitCode}`}) while working on ${fileName ?? 'a task'}${output ? `:\n${output}` : ''}`,
    );
    this.name = 'MediaProcessDied';
  }
}

export interface MediaRunOptions {
  /** Kills the media process; the task then rejects with the signal's reason. */
  signal?: AbortSignal;
  onProgress?: (progress: MediaProgress) => void;
}

/** How much of the media process's stderr a `MediaProcessDied` keeps. */
const OUTPUT_TAIL_CHARS = 4000;
/** How long after the exit the end of stderr is waited for. */
const STDERR_AFTER_EXIT_MS = 500;
/** How long `close()` waits for the process to leave after its channel closes, before killing it. */
const CLOSE_GRACE_MS = 2000;

/**
 * Runs media tasks (media-tasks.ts) in a child process of its own, one task at a time, so that a crash
 * in media code (a stream error nobody listens to, a native fault in libvips, memory exhausted) ends
 * that process and fails the task, and never takes the API down. One per processing job: started at
 * the first task, ended by `close()`, which also removes the memory-filesystem scratch it left.
 */
export class MediaProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private output = '';
  private nextId = 0;

  async run<K extends MediaTaskKind>(task: Extract<MediaTask, { kind: K }>, options: MediaRunOptions = {}): Promise<MediaResults[K]> {
    const { signal, onProgress } = options;
    signal?.throwIfAborted();
    const child = this.running() ?? this.start();
    const exited = this.exited!;
    const id = ++this.nextId;
    return new Promise<MediaResults[K]>((resolve, reject) => {
      let settled = false;
      const settle = (done: () => void) => {
        if (settled) return;
        settled = true;
        child.off('message', onMessage);
        child.off('exit', onExit);
        signal?.removeEventListener('abort', onAbort);
        done();
      };
      const onMessage = (message: ChildMessage) => {
        if (message?.id !== id) return;
        if (message.type === 'progress') {
          try {
            onProgress?.(message.progress);
          } catch (error) {
            // A callback that throws ends the task with its error, as it would in this process.
            settle(() => reject(asError(error)));
            child.kill('SIGKILL');
          }
        } else if (message.type === 'result') settle(() => resolve(message.value as MediaResults[K]));
        else if (message.type === 'error') settle(() => reject(deserializeError(message.error)));
      };
      const onExit = (code: number | null, exitSignal: NodeJS.Signals | null) => {
        // stderr may still hold the last lines (a stack, an out-of-memory report): read them first.
        void exited.then(() => settle(() => reject(new MediaProcessDied(taskFileName(task), code, exitSignal, this.output.trim()))));
      };
      const onAbort = () => {
        settle(() => reject(asError(signal!.reason)));
        child.kill('SIGKILL');
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      signal?.addEventListener('abort', onAbort, { once: true });
      child.send({ type: 'task', id, task } satisfies TaskMessage, (error) => {
        // The channel closed under the message: the exit that closed it rejects the task.
        if (error && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      });
    });
  }

  /** Ends the media process (if one runs) and removes what it left on the memory filesystem. */
  async close(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    if (this.running(child)) {
      child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), CLOSE_GRACE_MS);
      await this.exited;
      clearTimeout(timer);
    } else {
      await this.exited;
    }
    // A killed render leaves its decoded source in /dev/shm under the (now gone) process's name.
    await sweepMemoryScratch().catch(() => 0);
  }

  private running(child = this.child): ChildProcess | undefined {
    return child && child.exitCode === null && child.signalCode === null && child.connected ? child : undefined;
  }

  private start(): ChildProcess {
    this.output = '';
    const child = startChildProcess(import.meta.url, 'media-child', { stdio: ['ignore', 'inherit', 'pipe', 'ipc'], serialization: 'json' });
    child.stderr!.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      this.output = (this.output + chunk.toString()).slice(-OUTPUT_TAIL_CHARS);
    });
    // Resolves once the process has exited and its stderr is read to the end (or a moment after the exit,
    // should something else hold the pipe). Not 'close': it waits for the IPC channel too, which a
    // disconnect from this side does not always count as closed.
    const stderrClosed = new Promise<void>((resolve) => child.stderr!.once('close', () => resolve()));
    this.exited = new Promise((resolve) =>
      child.once(
        'exit',
        () => void Promise.race([stderrClosed, new Promise((settle) => setTimeout(settle, STDERR_AFTER_EXIT_MS))]).then(() => resolve()),
      ),
    );
    child.on('error', () => {}); // a failed send or kill; the exit rejects the task
    this.child = child;
    return child;
  }
}
