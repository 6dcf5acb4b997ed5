/**
 * The media process: a child of the server (or worker) process that does one run's media work, task by
 * task, as isolated-media.ts sends it. Whatever goes wrong in here (an uncaught exception, a native
 * crash, running out of memory) ends this process only; the server sees it exit and fails the task.
 */
import { serializeError, type ChildMessage, type TaskMessage } from './media-protocol.js';
import { runMediaTask } from './media-tasks.js';

if (!process.send) {
  console.error('media-child runs only as a child of the server (isolated-media.ts)');
  process.exit(2);
}

// The parent decides when this process ends: it kills it on abort and shutdown. A terminal's Ctrl-C
// or a service manager's SIGTERM to the whole group must not end a task as if it had crashed.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => {});
// The parent is gone (ended, or killed with -9): nobody wants the result, and the files are swept.
process.on('disconnect', () => process.exit(0));

function send(message: ChildMessage): void {
  if (process.connected) process.send!(message);
}

process.on('message', (message: TaskMessage) => {
  if (message?.type !== 'task') return;
  const { id, task } = message;
  runMediaTask(task, (progress) => send({ type: 'progress', id, progress })).then(
    (value) => send({ type: 'result', id, value }),
    (error: unknown) => send({ type: 'error', id, error: serializeError(error) }),
  );
});
