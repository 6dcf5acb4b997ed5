import { defineErrors } from './errors.js';
import transferErrors from './transfers.errors.json' with { type: 'json' };

/** Handing a work to another user (the transfers module): 180x. */
export const TransferErrors = defineErrors(transferErrors);
