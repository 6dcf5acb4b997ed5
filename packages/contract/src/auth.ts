import { defineErrors } from './errors.js';
import authErrors from './auth.errors.json' with { type: 'json' };

/** Signing in, accounts and access (the auth, accounts, access and users modules): 110x. */
export const AuthErrors = defineErrors(authErrors);
