import type { ProcessingFailure } from '@spatia/contract';
import { MediaError } from '../media-error.js';
import type { MediaProgress, MediaTask } from './media-tasks.js';

/** The server's process to its media process. */
export interface TaskMessage {
  type: 'task';
  id: number;
  task: MediaTask;
}

/** The media process to the server's process, about the task `id`. */
export type ChildMessage =
  | { type: 'progress'; id: number; progress: MediaProgress }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; error: SerializedError };

/** An error as it crosses the process boundary: a `MediaError` keeps its reason and file. */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  media?: { reason: ProcessingFailure; fileName: string };
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const serialized: SerializedError = { name: error.name, message: error.message, stack: error.stack };
  if (error instanceof MediaError) serialized.media = { reason: error.reason, fileName: error.fileName };
  return serialized;
}

/** The error again, on this side: a `MediaError` for a refusal (so the run fails at once), else an `Error`. */
export function deserializeError(serialized: SerializedError): Error {
  const error = serialized.media ? new MediaError(serialized.media.reason, serialized.media.fileName, '') : new Error(serialized.message);
  error.message = serialized.message;
  error.name = serialized.name;
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}
