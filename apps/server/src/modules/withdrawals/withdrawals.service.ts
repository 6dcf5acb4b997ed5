import { createHash, randomBytes } from 'node:crypto';
import {
  ALIPAY_AUTHORIZATION_TTL_MS,
  PAYOUT_REAL_NAME_MAX,
  type AlipayAuthorizationStart,
  fenToYuan,
  ALIPAY_LOGON_ID_PATTERN,
  WECHAT_OPENID_PATTERN,
  WITHDRAWAL_MAX_FEN,
  WITHDRAWAL_MIN_FEN,
  WITHDRAWAL_REASON_MAX,
  type AdminWithdrawal,
  type IssuedVerificationCode,
  type Page,
  type PayoutAccount,
  type PayoutChannel,
  type StepUpProof,
  type Withdrawal,
  type WithdrawalOptions,
  type WithdrawalSettings,
  type WithdrawalStatus,
  LedgerErrors,
} from '@spatia/contract';
import { AlipayAuthorizationError, type AlipayAuthorizationDriver } from '../../drivers/oauth/alipay-authorization.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { PayoutDrivers } from '../../drivers/payouts/create-payout-drivers.js';
import type { SmsDriver } from '../../drivers/sms/sms-driver.js';
import type { Transaction } from '../../db/database.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { AppError, fail, invalid } from '../../lib/app-error.js';
import type { Logger } from '../../lib/logger.js';
import type { AdminLogService } from '../admin-log/index.js';
import { decidePending } from '../admin-log/index.js';
import { LedgerAccount, type LedgerService } from '../ledger/index.js';
import type { Notice, NotificationsService } from '../notifications/index.js';
import type { UsersService } from '../users/index.js';
import type { IdentityService } from '../identity/index.js';
import type { WithdrawalSettingsRepository } from './withdrawal-settings.repository.js';
import { beijingTime, sameRealName, type WithdrawalStepUp } from './withdrawal-step-up.js';
import { requestPosting, reversalPosting } from './withdrawal-postings.js';
import type { PayoutAccountRow, WithdrawalFilter, WithdrawalRow, WithdrawalsRepository } from './withdrawals.repository.js';
import { runIdempotent } from '../../lib/idempotency.js';
import { CHANNEL_NAMES, withdrawalAccountsOf, withdrawalNotice } from './withdrawal-notices.js';
import { PAYOUT_JOB, WithdrawalPayouts, type PayoutRun } from './withdrawals.jobs.js';

export { PAYOUT_JOB, type PayoutRun } from './withdrawals.jobs.js';

export interface Actor {
  id: number;
}

export interface WithdrawalsDependencies {
  repository: WithdrawalsRepository;
  ledger: LedgerService;
  notifications: NotificationsService;
  adminLog: AdminLogService;
  users: Pick<UsersService, 'getAuthUser' | 'findIdByPhone' | 'adminIds'>;
  drivers: PayoutDrivers;
  jobs: Pick<JobQueue, 'send'>;
  log: Pick<Logger, 'error' | 'warn' | 'info'>;
  now?: () => number;
  // Step-up checks (docs/withdrawals.md "Step-up checks")
  stepUp: WithdrawalStepUp;
  settings: WithdrawalSettingsRepository;
  identity: Pick<IdentityService, 'approvedRealNamesOf'>;
  /** Tells the person by SMS too that a payout account was bound. */
  sms: Pick<SmsDriver, 'sendNotice'>;
  /** Binding Alipay by authorization: absent where Alipay is not a payout channel. */
  alipayAuthorization?: AlipayAuthorizationDriver;
}

/**
 * Withdrawals of earned income (docs/withdrawals.md). The request moves the money from the income to a
 * pending account in the transaction that writes the row, so a balance can never be withdrawn twice;
 * an admin decides once (the row is locked); the payout job pays through a driver under our number and
 * books the outcome once: paid (the money leaves) or failed (it goes back to the income).
 */
export class WithdrawalsService {
  private readonly repository: WithdrawalsRepository;
  private readonly now: () => number;
  /** The payout engine, apart; `payOut` still answers for it here. */
  readonly payouts: WithdrawalPayouts;

  constructor(private readonly deps: WithdrawalsDependencies) {
    this.repository = deps.repository;
    this.now = deps.now ?? Date.now;
    this.payouts = new WithdrawalPayouts(deps);
  }

  // ---- the person's side ----

  async options(userId: number): Promise<WithdrawalOptions> {
    const [withdrawableFen, accounts, coolingMs] = await Promise.all([
      this.incomeOf(userId),
      this.repository.accountsOf(userId),
      this.coolingMs(),
    ]);
    const channels = this.deps.drivers.channels;
    return {
      withdrawableFen,
      minFen: WITHDRAWAL_MIN_FEN,
      maxFen: WITHDRAWAL_MAX_FEN,
      channels,
      accounts: accounts.filter((account) => channels.includes(account.channel)).map((account) => presentAccount(account, coolingMs)),
      sandbox: this.deps.drivers.sandbox,
      alipayAuthorization: Boolean(this.deps.alipayAuthorization) && channels.includes('alipay'),
    };
  }

  /**
   * Binds the channel's payout account, or replaces the one bound before, once the person proved it is
   * them (a fresh SMS code or the password). They are told in the inbox; the account can be withdrawn to
   * only after the cooling period.
   */
  async bindAccount(
    userId: number,
    channel: PayoutChannel,
    input: { account: string; realName: string } & StepUpProof,
  ): Promise<PayoutAccount> {
    if (!this.deps.drivers.channels.includes(channel)) throw fail('payoutChannelUnavailable');
    const account = input.account.trim();
    if (channel === 'alipay' && !ALIPAY_LOGON_ID_PATTERN.test(account)) throw fail('alipayLogonIdInvalid');
    if (channel === 'wechat' && !WECHAT_OPENID_PATTERN.test(account)) throw fail('wechatOpenidInvalid');
    const realName = normalRealName(input.realName);
    await this.deps.stepUp.verify(userId, input);
    const coolingMs = await this.coolingMs();
    const saved = await this.repository.db.transaction(async (tx) => {
      const row = await this.repository.saveAccount(userId, channel, { account, realName }, new Date(this.now()), tx);
      await this.deps.notifications.notify(tx, payoutAccountNotice(row, coolingMs));
      return row;
    });
    this.deps.log.info({ userId, channel }, 'payout account bound');
    await this.smsPayoutAccountNotice(saved);
    return presentAccount(saved, coolingMs);
  }

  // ---- binding Alipay by authorization (docs/withdrawals.md "Binding Alipay by authorization") ----

  /**
   * Starts binding the caller's Alipay account by authorization, once they proved it is them: answers
   * the page to send them to. The state is kept hashed, tied to them, for ten minutes and one use.
   */
  async startAlipayAuthorization(
    userId: number,
    input: { realName: string } & StepUpProof,
    siteUrl: string,
  ): Promise<AlipayAuthorizationStart> {
    const driver = this.alipayAuthorizationDriver();
    const realName = normalRealName(input.realName);
    await this.deps.stepUp.verify(userId, input);
    const state = randomBytes(24).toString('base64url');
    const redirectUri = `${siteUrl}/alipayAuthorization`;
    const expiresAt = this.now() + ALIPAY_AUTHORIZATION_TTL_MS;
    await this.repository.insertAlipayAuthorization({
      stateHash: hashState(state),
      userId,
      realName,
      redirectUri,
      expiresAt: new Date(expiresAt),
      createdAt: new Date(this.now()),
    });
    return { url: driver.authorizeUrl(state, redirectUri), expiresAt, sandbox: driver.sandbox };
  }

  /**
   * Completes it with what Alipay returned: the code is exchanged for the Alipay user id, which becomes
   * the caller's Alipay payout account. The same state again (the return page reloaded) answers the
   * account it bound; a state unknown, expired, used otherwise or another person's is refused.
   */
  async completeAlipayAuthorization(userId: number, input: { authCode: string; state: string }): Promise<PayoutAccount> {
    const driver = this.alipayAuthorizationDriver();
    const stateHash = hashState(input.state);
    const authorization = await this.repository.findAlipayAuthorization(stateHash);
    if (!authorization || authorization.userId !== userId) throw fail('alipayAuthorizationStateUnknown');
    if (authorization.completedAt) return this.alreadyBoundByAuthorization(userId, authorization.alipayUserId);
    if (authorization.expiresAt.getTime() <= this.now()) throw fail('alipayAuthorizationStateUnknown');

    let alipayUserId: string;
    try {
      alipayUserId = await driver.exchange(input.authCode);
    } catch (error) {
      if (!(error instanceof AlipayAuthorizationError)) throw error;
      this.deps.log.warn({ userId, err: error }, 'an Alipay authorization code was not exchanged');
      throw fail('alipayAuthorizationRefused');
    }
    const coolingMs = await this.coolingMs();
    const at = new Date(this.now());
    let saved: PayoutAccountRow | undefined;
    try {
      saved = await this.repository.db.transaction(async (tx) => {
        const holder = await this.repository.alipayAccountHolder(alipayUserId, tx);
        if (holder !== undefined && holder !== userId) throw fail('alipayAccountBoundElsewhere');
        if (!(await this.repository.completeAlipayAuthorization(stateHash, alipayUserId, at, tx))) return undefined;
        const row = await this.repository.saveAccount(
          userId,
          'alipay',
          { account: alipayUserId, realName: authorization.realName },
          at,
          tx,
        );
        await this.deps.notifications.notify(tx, payoutAccountNotice(row, coolingMs));
        return row;
      });
    } catch (error) {
      // Two people completing with the same Alipay account at once: the index lets one of them in.
      if (isUniqueViolation(error)) throw fail('alipayAccountBoundElsewhere');
      throw error;
    }
    if (!saved) {
      // Used or expired between the read and the claim (a second tab): answer as a reload would.
      const now = await this.repository.findAlipayAuthorization(stateHash);
      if (!now?.completedAt) throw fail('alipayAuthorizationStateUnknown');
      return this.alreadyBoundByAuthorization(userId, now.alipayUserId);
    }
    this.deps.log.info({ userId, channel: 'alipay' }, 'payout account bound by Alipay authorization');
    await this.smsPayoutAccountNotice(saved);
    return presentAccount(saved, coolingMs);
  }

  /** The sandbox authorization page's state: whose it is and the sandbox Alipay user id offered, while it can be used. */
  async sandboxAuthorization(state: string): Promise<{ userId: number; redirectUri: string } | undefined> {
    if (!this.deps.alipayAuthorization?.sandbox) return undefined;
    const authorization = await this.repository.findAlipayAuthorization(hashState(state));
    if (!authorization || authorization.completedAt || authorization.expiresAt.getTime() <= this.now()) return undefined;
    return { userId: authorization.userId, redirectUri: authorization.redirectUri };
  }

  private async alreadyBoundByAuthorization(userId: number, alipayUserId: string | null): Promise<PayoutAccount> {
    const account = await this.repository.accountOf(userId, 'alipay');
    // Replaced or unbound since: the old state does not bind again.
    if (!account || account.account !== alipayUserId) throw fail('alipayAuthorizationStateUnknown');
    return presentAccount(account, await this.coolingMs());
  }

  private alipayAuthorizationDriver(): AlipayAuthorizationDriver {
    const driver = this.deps.alipayAuthorization;
    if (!driver || !this.deps.drivers.channels.includes('alipay')) throw fail('alipayAuthorizationUnavailable');
    return driver;
  }

  async unbindAccount(userId: number, channel: PayoutChannel): Promise<PayoutAccount[]> {
    if (!(await this.repository.removeAccount(userId, channel))) throw fail('payoutAccountMissing');
    const coolingMs = await this.coolingMs();
    return (await this.repository.accountsOf(userId)).map((account) => presentAccount(account, coolingMs));
  }

  /**
   * Asks to withdraw `amount` fen of the caller's income to the account bound for `channel`. The same
   * Idempotency-Key answers the withdrawal it created for 24 h (with another amount or channel: refused).
   */
  async request(
    userId: number,
    input: { amount: number; channel: PayoutChannel } & StepUpProof,
    idempotencyKey?: string,
  ): Promise<Withdrawal> {
    const fingerprint = `${input.channel}:${input.amount}`;
    return runIdempotent(this.repository, userId, {
      key: idempotencyKey,
      fingerprint,
      now: this.now(),
      create: () => this.createRequest(userId, input, fingerprint, idempotencyKey),
      replay: presentWithdrawal,
    });
  }

  private async createRequest(
    userId: number,
    { amount, channel, ...proof }: { amount: number; channel: PayoutChannel } & StepUpProof,
    fingerprint: string,
    idempotencyKey: string | undefined,
  ): Promise<Withdrawal> {
    if (amount < WITHDRAWAL_MIN_FEN) throw fail('withdrawalBelowMinimum', { min: fenToYuan(WITHDRAWAL_MIN_FEN) });
    if (amount > WITHDRAWAL_MAX_FEN) throw fail('withdrawalAboveMaximum', { max: fenToYuan(WITHDRAWAL_MAX_FEN) });
    if (!this.deps.drivers.forChannel(channel)) throw fail('payoutChannelUnavailable');
    const account = await this.repository.accountOf(userId, channel);
    if (!account) throw fail('payoutAccountMissing');
    const usableAt = account.updatedAt.getTime() + (await this.coolingMs());
    if (this.now() < usableAt) throw fail('payoutAccountCooling', { usableAt: beijingTime(usableAt) });
    await this.deps.stepUp.verify(userId, proof);

    await this.deps.ledger.openUserAccounts(userId);
    await this.deps.ledger.openSystemAccount(LedgerAccount.withdrawalsPending);
    try {
      const row = await this.repository.db.transaction(async (tx) => {
        const created = await this.repository.insert(
          {
            withdrawalNo: newWithdrawalNo(this.now()),
            userId,
            amountFen: amount,
            channel,
            account: account.account,
            realName: account.realName,
            idempotencyKey: idempotencyKey ?? null,
            requestFingerprint: fingerprint,
            createdAt: new Date(this.now()),
          },
          tx,
        );
        // Locks the income and refuses below zero: concurrent requests cannot withdraw it twice.
        await this.deps.ledger.post(
          { ...requestPosting(created.id, amount, withdrawalAccountsOf(userId)), memo: created.withdrawalNo },
          tx,
        );
        return created;
      });
      this.deps.log.info({ withdrawalNo: row.withdrawalNo, userId, amount }, 'withdrawal requested');
      return presentWithdrawal(row);
    } catch (error) {
      if (error instanceof AppError && error.code === LedgerErrors.insufficientBalance.code) {
        const available = await this.incomeOf(userId);
        throw fail('withdrawalOverIncome', { available: fenToYuan(available), amount: fenToYuan(amount) });
      }
      throw error;
    }
  }

  async listMine(userId: number, filter: { status?: WithdrawalStatus; pageNum: number; pageSize: number }): Promise<Page<Withdrawal>> {
    const { rows, total } = await this.repository.list(
      { userId, statuses: filter.status ? [filter.status] : undefined },
      (filter.pageNum - 1) * filter.pageSize,
      filter.pageSize,
    );
    return { list: rows.map(presentWithdrawal), total, pageNum: filter.pageNum, pageSize: filter.pageSize };
  }

  /** One of the caller's withdrawals; anyone else's is not found. */
  async getMine(userId: number, id: number): Promise<Withdrawal> {
    const row = await this.repository.findById(id);
    if (!row || row.userId !== userId) throw fail('notFound');
    return presentWithdrawal(row);
  }

  // ---- the back office ----

  /** The review queue: newest first; `keyword` is a withdrawal number or the person's phone. */
  async listForAdmin(filter: {
    status?: WithdrawalStatus;
    keyword?: string;
    pageNum: number;
    pageSize: number;
  }): Promise<Page<AdminWithdrawal>> {
    const where: WithdrawalFilter = { statuses: filter.status ? [filter.status] : undefined };
    const keyword = filter.keyword?.trim();
    if (keyword) {
      if (/^W\w+$/i.test(keyword)) where.withdrawalNo = keyword.toUpperCase();
      else {
        const userId = await this.deps.users.findIdByPhone(keyword);
        if (userId === undefined) return { list: [], total: 0, pageNum: filter.pageNum, pageSize: filter.pageSize };
        where.userId = userId;
      }
    }
    const { rows, total } = await this.repository.list(where, (filter.pageNum - 1) * filter.pageSize, filter.pageSize);
    const people = new Map<number, Awaited<ReturnType<UsersService['getAuthUser']>>>();
    for (const id of new Set(rows.flatMap((row) => (row.reviewerId === null ? [row.userId] : [row.userId, row.reviewerId])))) {
      people.set(id, await this.deps.users.getAuthUser(id));
    }
    const incomes = new Map<number, number>();
    for (const id of new Set(rows.map((row) => row.userId))) incomes.set(id, await this.incomeOf(id));
    const identityNames = await this.deps.identity.approvedRealNamesOf(rows.map((row) => row.userId));
    const list = rows.map((row): AdminWithdrawal => {
      const person = people.get(row.userId);
      const reviewer = row.reviewerId === null ? undefined : people.get(row.reviewerId);
      const names = identityNames.get(row.userId) ?? [];
      return {
        ...presentWithdrawal(row),
        user: { uid: person?.uid ?? '', name: person?.name ?? '', phone: person?.phone ?? '' },
        accountFull: row.account,
        realName: row.realName,
        reviewer: reviewer ? { uid: reviewer.uid, name: reviewer.name } : null,
        provider: row.provider,
        providerReference: row.providerReference,
        attempts: row.attempts,
        lastError: row.lastError,
        nextAttemptAt: row.status === 'paying' ? (row.nextAttemptAt?.getTime() ?? null) : null,
        payoutStuckAt: row.payoutStuckAt?.getTime() ?? null,
        withdrawableFen: incomes.get(row.userId) ?? 0,
        identityNames: names,
        payeeNameMismatch: names.length > 0 && !names.some((name) => sameRealName(name, row.realName)),
      };
    });
    return { list, total, pageNum: filter.pageNum, pageSize: filter.pageSize };
  }

  /** Approves a withdrawal under review and queues its payout; a second decision is refused. */
  async approve(admin: Actor, id: number): Promise<Withdrawal> {
    const decided = await this.decide(admin, id, async (row, tx) => {
      // Four eyes: the money of an admin's own withdrawal is released by another admin.
      if (row.userId === admin.id) throw fail('withdrawalOwnApproval');
      const after = await this.repository.update(
        row.id,
        { status: 'approved', reviewerId: admin.id, reviewedAt: new Date(this.now()) },
        tx,
      );
      // Paid within seconds where this process runs jobs; the schedule picks it up otherwise.
      await this.deps.jobs.send(PAYOUT_JOB, {}, { transaction: tx });
      return { after, notice: withdrawalNotice(row, 'withdrawalApproved') };
    });
    return presentWithdrawal(decided);
  }

  /** Rejects a withdrawal under review with a reason; the money goes back to the income at once. */
  async reject(admin: Actor, id: number, reason: string): Promise<Withdrawal> {
    const text = reason.trim();
    if (!text) throw invalid('reason', 'required');
    if ([...text].length > WITHDRAWAL_REASON_MAX) throw invalid('reason', 'maxLength', { limit: WITHDRAWAL_REASON_MAX });
    const decided = await this.decide(admin, id, async (row, tx) => {
      const after = await this.repository.update(
        row.id,
        { status: 'rejected', rejectReason: text, reviewerId: admin.id, reviewedAt: new Date(this.now()) },
        tx,
      );
      await this.deps.ledger.post(
        { ...reversalPosting(row.id, row.amountFen, withdrawalAccountsOf(row.userId)), memo: row.withdrawalNo },
        tx,
      );
      return { after, notice: withdrawalNotice(row, 'withdrawalRejected', text) };
    });
    return presentWithdrawal(decided);
  }

  private async decide(
    admin: Actor,
    id: number,
    change: (row: WithdrawalRow, tx: Transaction) => Promise<{ after: WithdrawalRow; notice: Notice }>,
  ): Promise<WithdrawalRow> {
    return decidePending({ ...this.deps, db: this.repository.db }, admin, {
      lock: (tx) => this.repository.lock(id, tx),
      isPending: (row) => row.status === 'reviewing',
      alreadyDecided: 'withdrawalAlreadyDecided',
      decide: async (row, tx) => {
        const { after, notice } = await change(row, tx);
        return {
          result: after,
          notice,
          log: {
            action: after.status === 'approved' ? 'withdrawal.approve' : 'withdrawal.reject',
            targetType: 'withdrawal',
            targetId: row.withdrawalNo,
            before: { status: row.status, amountFen: row.amountFen, userId: row.userId, channel: row.channel },
            after: { status: after.status, reason: after.rejectReason },
          },
        };
      },
    });
  }

  // ---- step-up checks: the code, the cooling period (docs/withdrawals.md "Step-up checks") ----

  /** Sends a withdrawal code to the caller's own phone (the SMS code service's limits apply). */
  sendStepUpCode(userId: number, ip: string): Promise<IssuedVerificationCode> {
    return this.deps.stepUp.sendCode(userId, ip);
  }

  settings(): Promise<WithdrawalSettings> {
    return this.deps.settings.settings();
  }

  /** Sets the cooling period of new payout accounts; it applies to accounts already bound too. Logged. */
  async updateSettings(admin: Actor, settings: WithdrawalSettings): Promise<WithdrawalSettings> {
    await this.repository.db.transaction(async (tx) => {
      const before = await this.deps.settings.settings(tx);
      await this.deps.settings.update(settings, tx);
      await this.deps.adminLog.record(tx, {
        adminUserId: admin.id,
        action: 'withdrawal.settings',
        targetType: 'withdrawalSettings',
        targetId: 1,
        before,
        after: settings,
      });
    });
    return this.settings();
  }

  /** The SMS beside the inbox's notice; the account is bound either way, so a failure is only logged. */
  private async smsPayoutAccountNotice(row: PayoutAccountRow): Promise<void> {
    try {
      const phone = (await this.deps.users.getAuthUser(row.userId))?.phone;
      if (phone) {
        await this.deps.sms.sendNotice(phone, {
          kind: 'payoutAccountBound',
          channelZh: CHANNEL_NAMES[row.channel].channelZh,
          account: maskAccount(row.account),
        });
      }
    } catch (error) {
      this.deps.log.warn({ userId: row.userId, err: error }, 'the SMS notice of a new payout account was not sent');
    }
  }

  private async coolingMs(): Promise<number> {
    return (await this.deps.settings.settings()).payoutAccountCoolingHours * 60 * 60 * 1000;
  }

  // ---- the payout job ----

  /** One run of `withdrawals.payout` (withdrawals.jobs.ts). */
  payOut(): Promise<PayoutRun> {
    return this.payouts.payOut();
  }

  /** An admin ends an approved or paying withdrawal as failed once its provider confirms nothing was paid (withdrawals.jobs.ts). */
  async endAsFailed(admin: Actor, id: number, reason: string): Promise<AdminWithdrawal> {
    const ended = await this.payouts.endAsFailed(admin, id, reason);
    const [row] = (await this.listForAdmin({ keyword: ended.withdrawalNo, pageNum: 1, pageSize: 1 })).list;
    return row!;
  }

  private incomeOf(userId: number): Promise<number> {
    return this.deps.ledger.balance(LedgerAccount.income(userId));
  }
}

function normalRealName(text: string): string {
  const realName = text.trim().replace(/\s+/g, ' ');
  if (!realName) throw invalid('realName', 'required');
  if ([...realName].length > PAYOUT_REAL_NAME_MAX) throw invalid('realName', 'maxLength', { limit: PAYOUT_REAL_NAME_MAX });
  return realName;
}

/** The state is kept as its SHA-256 only: whoever reads the table cannot complete someone's authorization. */
function hashState(state: string): string {
  return createHash('sha256').update(state).digest('hex');
}

function presentAccount(row: PayoutAccountRow, coolingMs: number): PayoutAccount {
  return {
    channel: row.channel,
    account: maskAccount(row.account),
    realName: maskName(row.realName),
    updatedAt: row.updatedAt.getTime(),
    usableAt: row.updatedAt.getTime() + coolingMs,
  };
}

/** Tells a person a payout account was bound to them: if it was not them, they act before it can be used. */
function payoutAccountNotice(row: PayoutAccountRow, coolingMs: number): Notice {
  return {
    userId: row.userId,
    kind: 'payoutAccountBound',
    params: {
      ...CHANNEL_NAMES[row.channel],
      account: maskAccount(row.account),
      name: maskName(row.realName),
      usableAt: row.updatedAt.getTime() + coolingMs,
    },
    link: '/wallet/withdraw',
  };
}

function presentWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    withdrawalNo: row.withdrawalNo,
    amountFen: row.amountFen,
    channel: row.channel,
    account: maskAccount(row.account),
    status: row.status,
    rejectReason: row.rejectReason,
    failure: row.failure,
    createdAt: row.createdAt.getTime(),
    reviewedAt: row.reviewedAt?.getTime() ?? null,
    paidAt: row.paidAt?.getTime() ?? null,
    failedAt: row.failedAt?.getTime() ?? null,
  };
}

/** `13800000002` → `138****0002`; `alice@example.com` → `al***@example.com`; an openid keeps its first and last four. */
export function maskAccount(account: string): string {
  if (/^1\d{10}$/.test(account)) return `${account.slice(0, 3)}****${account.slice(-4)}`;
  const at = account.indexOf('@');
  if (at > 0) return `${account.slice(0, Math.min(2, at))}***${account.slice(at)}`;
  if (account.length <= 8) return `${account.slice(0, 1)}***`;
  return `${account.slice(0, 4)}****${account.slice(-4)}`;
}

/** `张三丰` → `*三丰`: the surname hidden. */
export function maskName(name: string): string {
  const characters = [...name];
  return characters.length <= 1 ? '*' : `*${characters.slice(1).join('')}`;
}

/** `W` + UTC time to the second + 8 random hex digits (upper case): 23 letters and digits, as WeChat and Alipay take. */
function newWithdrawalNo(now: number): string {
  const stamp = new Date(now).toISOString().replace(/\D/g, '').slice(0, 14);
  return `W${stamp}${randomBytes(4).toString('hex').toUpperCase()}`;
}
