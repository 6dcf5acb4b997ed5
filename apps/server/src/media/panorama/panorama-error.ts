import { MediaError } from '../media-error.js';

/** Why a panorama could not be processed. */
export class PanoramaError extends MediaError {
  override name = 'PanoramaError';
}
