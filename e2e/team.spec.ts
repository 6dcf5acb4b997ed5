import { expect, test } from '@playwright/test';
import { inBothLanguages, signedInPage, signInAt } from './support/back-office';
import { snap, users } from './support/session';
import { registerInvited, sandboxRecharge, teamUsers } from './support/team';
import { fitsThePhone } from './support/phone';

/*
 * The two-level team (issue 28, docs/team.md), once in each language: a seeded member (invited by a seeded
 * lead) opens /team/index with no team yet and finds the invitation first; a new person signs up with the
 * code shown there (through the API, as the invite link's form does) and recharges one month (¥30.00) at the
 * sandbox's test checkout. The member's page then shows a first-level member who earned them 10% (¥3.00),
 * and the lead's a second-level one who earned them 5% (¥1.50), as rewards on recharges that are pending.
 */

// The last test changes the rates the reward tests count on, and puts them back: one after the other.
test.describe.configure({ mode: 'serial' });

const WORDS = {
  zh: {
    title: '我的团队',
    start: '组建您的团队',
    onePerson: '1 人',
    first: '一级',
    second: '二级',
    pending: '待结算',
    byMonth: '按月',
  },
  en: {
    title: 'My team',
    start: 'Start your team',
    onePerson: '1 person',
    first: 'First level',
    second: 'Second level',
    pending: 'Pending',
    byMonth: 'By month',
  },
} as const;

inBothLanguages(
  'a person invited two levels down recharges and both superiors see the reward on their team page',
  async ({ page, browser, request, playwright }, info, language) => {
    const words = WORDS[language];
    const { lead, member } = teamUsers[language];
    const baseURL = info.project.use.baseURL;

    // No team yet: the invitation comes first, with the code and a link to copy.
    await signInAt(page, member, '/team/index');
    await expect(page.locator('h1')).toHaveText(words.title);
    const panel = page.getByTestId('team-panel');
    await expect(panel).toHaveAttribute('data-has-team', 'false');
    const invite = page.getByTestId('team-invite');
    await expect(invite).toContainText(words.start);
    await expect(page.getByTestId('team-invite-qr')).toBeVisible();
    const code = (await page.getByTestId('team-invite-code').textContent())?.trim() ?? '';
    expect(code).not.toBe('');
    await expect(page.getByTestId('team-invite-link')).toHaveValue(new RegExp(`/login\\?mode=register&invite=${code}$`));
    await snap(page, `team-${language}-01-no-team`);

    // A new person signs up with that code and recharges one month.
    const invitee = { fullName: `Invitee ${language} ${Date.now() % 100_000}`, password: 'Team#2026' };
    const phone = await registerInvited(request, { invitedCode: code, ...invitee });
    await sandboxRecharge(request, playwright.request, { person: { phone, password: invitee.password }, language, baseURL });

    // The member (first level above the payer) earns 10%.
    await page.reload();
    await expect(panel).toHaveAttribute('data-has-team', 'true');
    await expect(page.getByTestId('team-stat-first')).toContainText(words.onePerson);
    await expect(page.getByTestId('team-stat-today')).toContainText('¥3.00');
    await expect(page.getByTestId('team-stat-total')).toContainText('¥3.00');
    const memberRow = page.getByTestId('team-members-1').getByTestId('team-member-row');
    await expect(memberRow).toHaveCount(1);
    await expect(memberRow).toContainText(invitee.fullName);
    await expect(memberRow.getByTestId('team-member-contribution')).toHaveText('¥3.00');
    const memberReward = page.getByTestId('team-rewards-flow').getByTestId('team-reward-row');
    await expect(memberReward).toHaveCount(1);
    await expect(memberReward.getByTestId('team-reward-payer')).toHaveText(invitee.fullName);
    await expect(memberReward.getByTestId('team-reward-level')).toHaveText(words.first);
    await expect(memberReward.getByTestId('team-reward-amount')).toHaveText('¥3.00');
    await expect(memberReward.getByTestId('team-reward-status')).toHaveText(words.pending);
    await expect(memberReward).toContainText('¥30.00');
    await snap(page, `team-${language}-02-member`);

    // The lead (second level above the payer) earns 5%, and finds the payer among the member's invitees.
    const leadPage = await signedInPage(browser, info, language, lead, '/team/index');
    await expect(leadPage.getByTestId('team-stat-second')).toContainText(words.onePerson);
    await expect(leadPage.getByTestId('team-stat-today')).toContainText('¥1.50');
    const leadReward = leadPage.getByTestId('team-rewards-flow').getByTestId('team-reward-row');
    await expect(leadReward).toHaveCount(1);
    await expect(leadReward.getByTestId('team-reward-level')).toHaveText(words.second);
    await expect(leadReward.getByTestId('team-reward-amount')).toHaveText('¥1.50');
    // The chart by month holds this month's reward (its table is for screen readers).
    await leadPage.getByTestId('team-chart-granularity').getByText(words.byMonth).click();
    await expect(leadPage.getByTestId('team-chart')).toHaveAttribute('data-granularity', 'month');
    await expect(leadPage.getByTestId('team-chart').locator('table')).toContainText('¥1.50');
    const firstRow = leadPage.getByTestId('team-members-1').getByTestId('team-member-row');
    await expect(firstRow).toContainText(member.name);
    await firstRow.getByTestId('team-show-invitees').click();
    await expect(leadPage.getByTestId('team-superior-code').locator('input')).toHaveValue(code);
    const secondRow = leadPage.getByTestId('team-members-2').getByTestId('team-member-row');
    await expect(secondRow).toHaveCount(1);
    await expect(secondRow).toContainText(invitee.fullName);
    await expect(secondRow).toContainText(member.name);
    await expect(secondRow.getByTestId('team-member-contribution')).toHaveText('¥1.50');
    await snap(leadPage, `team-${language}-03-lead`);

    // On a phone the same page stacks and nothing is wider than the screen.
    await leadPage.setViewportSize({ width: 390, height: 844 });
    await expect(leadPage.getByTestId('team-chart')).toBeVisible();
    await fitsThePhone(leadPage);
    await snap(leadPage, `team-${language}-04-lead-phone`);
    await leadPage.context().close();
  },
);

test('an admin sets the team rates in the back office, within their limits, and puts them back (zh)', async ({ page }) => {
  await signInAt(page, users.admin, '/admin/teamSettings');
  const first = page.getByTestId('team-first-rate');
  const second = page.getByTestId('team-second-rate');
  const days = page.getByTestId('team-pending-days');
  await expect(first).toHaveValue('10.00');
  await expect(second).toHaveValue('5.00');
  await expect(days).toHaveValue('7');
  const setRates = async (firstPercent: string, secondPercent: string) => {
    await first.fill(firstPercent);
    await second.fill(secondPercent);
  };
  // Each limit is said as one types: the second above the first, then both together above 30%.
  await setRates('10', '12');
  await expect(page.locator('.ant-form-item-explain-error')).toHaveText('二级比例不能高于一级比例');
  await setRates('20', '15');
  await expect(page.locator('.ant-form-item-explain-error')).toHaveText('两级比例合计不能超过 30%');
  await setRates('12', '6');
  await days.fill('10');
  await expect(page.getByTestId('team-rates-example')).toHaveText('付款 ¥100.00 时，一级获得 ¥12.00，二级获得 ¥6.00。');
  await snap(page, 'team-admin-settings');
  await page.getByTestId('team-settings-save').click();
  await expect(page.locator('.ant-message-notice')).toContainText('团队奖励比例已保存');
  await page.reload();
  await expect(first).toHaveValue('12.00');
  await expect(second).toHaveValue('6.00');
  await expect(days).toHaveValue('10');
  // Back to the defaults the other journeys count on.
  await setRates('10', '5');
  await days.fill('7');
  await page.getByTestId('team-settings-save').click();
  await expect(page.locator('.ant-message-notice').last()).toContainText('团队奖励比例已保存');
  await page.reload();
  await expect(first).toHaveValue('10.00');
  await expect(second).toHaveValue('5.00');
});
