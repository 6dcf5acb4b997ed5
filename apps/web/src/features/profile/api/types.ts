export type { Profile, UploadGrant } from '@spatia/contract';
