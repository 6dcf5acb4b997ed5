import type { ProcessingFailure } from '@spatia/contract';

/**
 * A file processing refuses for a reason its owner can act on (`WorkProcessing.failure`): the run fails
 * at once instead of retrying. Anything else thrown by a pipeline is unexpected and retried.
 */
export class MediaError extends Error {
  constructor(
    readonly reason: ProcessingFailure,
    /** The source's file name, without its folder. */
    readonly fileName: string,
    detail: string,
  ) {
    super(`${fileName}: ${detail}`);
    this.name = 'MediaError';
  }
}
