import type { ProcessingFailure } from '@spatia/contract';

/** Why a panorama could not be processed, as the processing job reports it (`WorkProcessing.failure`). */
export class PanoramaError extends Error {
  constructor(
    readonly reason: ProcessingFailure,
    /** The source's file name, without its folder. */
    readonly fileName: string,
    detail: string,
  ) {
    super(`${fileName}: ${detail}`);
    this.name = 'PanoramaError';
  }
}
