import { defineErrors } from './errors.js';
import uploadErrors from './uploads.errors.json' with { type: 'json' };

/** Uploads, signed file links and the enterprise logo (the uploads, tus, files and profile modules): 140x. */
export const UploadErrors = defineErrors(uploadErrors);
