import type {
  MySigning,
  SignedProviderItem,
  SignedProviderStatus,
  SigningApplicationItem,
  SigningApplicationStatus,
  SigningApplyRequest,
  Page,
} from '@spatia/contract';
import { fail } from '../../lib/app-error.js';
import type { Actor } from '../works/index.js';

/** Signing (docs/service-orders.md "Signing"). */
export class SigningService {
  async mine(_actor: Actor): Promise<MySigning> {
    throw fail('unavailable');
  }
  async apply(_actor: Actor, _request: SigningApplyRequest): Promise<SigningApplicationItem> {
    throw fail('unavailable');
  }
  async withdraw(_actor: Actor): Promise<SigningApplicationItem> {
    throw fail('unavailable');
  }
  async applications(_query: {
    status?: SigningApplicationStatus;
    pageNum: number;
    pageSize: number;
  }): Promise<Page<SigningApplicationItem>> {
    throw fail('unavailable');
  }
  async approve(_admin: Actor, _id: number): Promise<SigningApplicationItem> {
    throw fail('unavailable');
  }
  async reject(_admin: Actor, _id: number, _reason: string): Promise<SigningApplicationItem> {
    throw fail('unavailable');
  }
  async providers(_query: {
    status?: SignedProviderStatus;
    provinceCode?: string;
    pageNum: number;
    pageSize: number;
  }): Promise<Page<SignedProviderItem>> {
    throw fail('unavailable');
  }
  async revoke(_admin: Actor, _uid: string, _reason: string): Promise<SignedProviderItem> {
    throw fail('unavailable');
  }
}
