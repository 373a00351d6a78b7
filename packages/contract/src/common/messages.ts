import type { ErrorKey } from './errors.js';
import type { Language } from './languages.js';

/**
 * Translated texts of every response code. `{field}` and `{detail}` are filled in by the
 * server. Burmese falls back to English where no translation is known.
 */
type Catalogue = Record<ErrorKey, string>;

const en: Catalogue = {
  ok: 'Success',
  validationFailed: 'Invalid value for {field}: {detail}',
  malformedJson: 'The request body is not valid JSON',
  unsupportedMediaType: 'Unsupported content type: send application/json',
  forbidden: 'You do not have permission for this operation',
  notFound: 'Not found',
  sessionEnded: 'You have been logged out, please log in again',
  invalidCredentials: 'Incorrect e-mail or password',
  loginThrottled: 'Too many failed sign-in attempts, please try again in {detail} minutes',
  accountDisabled: 'This account is disabled',
  wrongOldPassword: 'The old password is incorrect',
  weakPassword: 'The password must be at least 8 characters with both letters and numbers',
  passwordsNotConsistent: 'The two passwords are not consistent',
  passwordSameAsEmail: 'The password must not be the e-mail address',
  passwordUnchanged: 'The new password must differ from the old one',
  loginSlowed: 'Too many failed sign-in attempts, please wait {detail} s and try again',
  bodyTooLarge: 'The request body is too large',
  conflict: 'The operation conflicts with the current state: {detail}',
  duplicate: '{field} already exists',
  orderStateConflict: 'Order {field} is {detail}: this action is not allowed in that status',
  sameReviewer: 'The final reviewer must be a different person from the first reviewer',
  rolloverLimitReached: 'Order {field} has reached its rollover limit ({detail})',
  coolingOffWindowClosed: 'The cooling-off period of order {field} has ended',
  idempotencyKeyReused: 'The idempotency key {field} was already used for a different request',
  amountNotAllowed: 'The amount is not allowed: {detail}',
  rolloverNotAllowed: 'Order {field} cannot be rolled over: {detail}',
  repaymentAlreadyReversed: 'Repayment {field} has already been reversed',
  sameMakerChecker: '{field} was recorded by you: another person must review it',
  waiverAmountChanged:
    'The waiver of {field} now comes to {detail}: look at it again before approving',
  alreadyReviewed: '{field} has already been reviewed ({detail})',
  writeOffAmountChanged:
    'The write-off of {field} now comes to {detail}: look at it again before approving',
  requestLapsed:
    'The request awaiting approval on order {field} has lapsed: the order no longer qualifies (it is {detail}). Nothing was changed',
  caseOutOfScope: 'Case {field} is not dispatched to you',
  contactOutsideHours:
    'No recovery contact outside {detail} India time: the attempt was refused and recorded',
  contactCapReached:
    'Case {field} has reached its {detail} contact attempts for today: the attempt was refused and recorded',
  promotionalOutsideHours:
    'Promotional SMS may be sent only between {detail} India time: {field} is outside those hours',
  campaignAudienceEmpty:
    'The audience has no one to send to: every number opted out or is blacklisted, or the list is empty',
  campaignNotCancellable: 'Campaign {field} is {detail} and can no longer be cancelled',
  leadOutOfScope: 'User {field} on the call list is not assigned to you',
  verificationNotInReview:
    'Order {field} is no longer waiting for manual review (now {detail}): verification calls are recorded only before the decision. Nothing was recorded',
  verificationOutsideHours:
    'No verification call outside {detail} India time: try again within those hours. Nothing was recorded',
  verificationOutOfScope:
    'Order {field} is not in your review work: a reviewer records verification calls only on the orders assigned to them',
  callOutsideHours:
    'No telemarketing call outside {detail} India time: try again within those hours',
  callCapReached:
    'This number has had {detail} telemarketing calls today, the most allowed a day: call it again from {field} India time',
  callOptedOut:
    'This number opted out of marketing on {detail}: it must not get telemarketing calls. Nothing was recorded',
  selectedNotOnList:
    'Selected row {detail} ({field}) is not on this list: it does not exist or has applied for a loan since the list was read. Refresh the list and select again',
  smsProviderNotBuilt: 'SMS provider {field} is not built on this server: choose one of {detail}',
  smsLiveProvidersOff:
    'This server sends SMS only through the sandbox (SMS_GATEWAY={detail}): {field} cannot be chosen here',
  smsNotSent:
    'The SMS was not sent: the SMS gateway {field} refused it or did not answer. Try again later',
  smsSenderIdNotConfigured:
    "Sender id {field} is not one of the SMS configuration's sender ids ({detail}): add it there first",
  smsSenderIdInUse:
    'Sender id {field} is still used by the enabled template(s) {detail}: change or disable them first',
  notTelemarketer:
    'Account {detail} is not a telemarketer: choose an account that makes telemarketing calls',
  grantNotHeld: 'You cannot grant {field}: you do not hold it yourself',
  accountBeyondGrants: 'You cannot manage an account that holds permissions you do not hold',
  systemRoleLocked: 'The {field} role is a system role: it cannot be renamed, stripped or deleted',
  roleInUse: 'The role is still assigned to {detail} account(s): remove it from them first',
  cannotDeleteSelf: 'You cannot delete your own account',
  couponExpired: 'Coupon {field} expired on {detail}: it can no longer be used',
  couponAlreadyUsed: 'Coupon {field} has already been used',
  couponNotApplicable: 'Coupon {field} cannot be used on this loan: {detail}',
  couponUnavailable: 'Coupon {field} cannot be sent: {detail}',
  couponAlreadySent:
    'Coupon {field} has already been sent: it cannot be edited or deleted, make it unavailable instead',
  couponStockExhausted: 'Coupon {field} has only {detail} left, fewer than the audience',
  otpIncorrect: 'The verification code is incorrect: {detail} attempt(s) left',
  otpExpired: 'The verification code has expired or was not requested: request a new one',
  otpAttemptsExceeded: 'Too many incorrect codes: request a new verification code',
  otpThrottled: 'Too many verification codes requested: try again in {detail} seconds',
  borrowerStepMissing: 'Complete {field} first',
  webhookRejected: 'The webhook signature is invalid or outside the accepted time window',
  walletBalanceTooLow:
    'The withdrawal amount {field} is more than the wallet balance of {detail}: nothing was withdrawn',
  walletBelowMinimum: 'The withdrawal amount {field} is below the least withdrawal of {detail}',
  walletDailyCapReached:
    'The withdrawal amount {field} would pass the daily withdrawal limit of {detail}',
  walletBankNotVerified: 'Withdrawals go only to a verified bank account: verify yours first',
  inviteCodeUnknown: 'The invite code {field} does not exist',
  inviteNotAllowed: 'The invite code cannot be used: {detail}',
  monthNotClosed:
    'Month {field} cannot be locked until the day-end has closed every day of it (closed through {detail})',
  monthAlreadyLocked: 'Month {field} is already locked: the ledger is locked through {detail}',
  rateLimited: 'Too many requests, please slow down',
  internal: 'Internal error, please try again later',
  gatewayUnavailable: 'The payment gateway is not available, please try again later',
};

const zh: Catalogue = {
  ok: '成功',
  validationFailed: '{field} 的值无效：{detail}',
  malformedJson: '请求体不是有效的 JSON',
  unsupportedMediaType: '不支持的内容类型，请发送 application/json',
  forbidden: '您没有此操作的权限',
  notFound: '未找到',
  sessionEnded: '您已被登出，请重新登录',
  invalidCredentials: '邮箱或密码错误',
  loginThrottled: '登录失败次数过多，请 {detail} 分钟后再试',
  accountDisabled: '该账号已停用',
  wrongOldPassword: '旧密码不正确',
  weakPassword: '密码至少 8 位，且须同时包含字母和数字',
  passwordsNotConsistent: '两次输入的密码不一致',
  passwordSameAsEmail: '密码不能与邮箱相同',
  passwordUnchanged: '新密码不能与旧密码相同',
  loginSlowed: '登录失败次数过多，请 {detail} 秒后再试',
  bodyTooLarge: '请求体过大',
  conflict: '操作与当前状态冲突：{detail}',
  duplicate: '{field} 已存在',
  orderStateConflict: '订单 {field} 当前状态为 {detail}，不允许此操作',
  sameReviewer: '终审人必须与初审人不同',
  sameMakerChecker: '{field} 由您录入：必须由另一人审核',
  waiverAmountChanged: '订单 {field} 的减免现为 {detail}：请重新查看后再审批',
  alreadyReviewed: '{field} 已审核（{detail}）',
  writeOffAmountChanged: '订单 {field} 的核销现为 {detail}：请重新查看后再审批',
  requestLapsed:
    '订单 {field} 的待审批申请已失效：订单已不再符合条件（当前为 {detail}），未做任何更改',
  rolloverLimitReached: '订单 {field} 已达到展期次数上限（{detail}）',
  coolingOffWindowClosed: '订单 {field} 的冷静期已结束',
  idempotencyKeyReused: '幂等键 {field} 已用于另一个不同的请求',
  amountNotAllowed: '金额不允许：{detail}',
  rolloverNotAllowed: '订单 {field} 不能展期：{detail}',
  repaymentAlreadyReversed: '还款 {field} 已被冲正',
  caseOutOfScope: '案件 {field} 未分派给您',
  contactOutsideHours: '印度时间 {detail} 以外不得进行催收联系：本次尝试已拒绝并记录',
  contactCapReached: '案件 {field} 今日联系次数已达上限 {detail}：本次尝试已拒绝并记录',
  promotionalOutsideHours: '营销短信只能在印度时间 {detail} 之间发送：{field} 不在此时段内',
  campaignAudienceEmpty: '该受众中没有可发送的号码：所有号码均已退订或在黑名单中，或名单为空',
  campaignNotCancellable: '活动 {field} 状态为 {detail}，不能再取消',
  leadOutOfScope: '电销名单中的用户 {field} 未分配给您',
  verificationNotInReview:
    '订单 {field} 已不在人工审核中（当前为 {detail}）：核实电话只能在审核决定之前记录。本次未作任何记录',
  verificationOutsideHours:
    '印度时间 {detail} 以外不得拨打核实电话：请在该时段内再试。本次未作任何记录',
  verificationOutOfScope:
    '订单 {field} 不在您的审核工作中：审核员只能为分配给自己的订单记录核实电话',
  callOutsideHours: '印度时间 {detail} 以外不得拨打电销电话：请在该时段内再试',
  callCapReached:
    '该号码今日已接到 {detail} 通电销电话，已达每日上限：请于印度时间 {field} 起再拨打',
  callOptedOut: '该号码已于 {detail} 退订营销信息：不得对其拨打电销电话。本次未作任何记录',
  selectedNotOnList:
    '所选记录 {detail}（{field}）不在此名单中：该记录不存在，或在读取名单后已申请借款。请刷新名单后重新选择',
  smsProviderNotBuilt: '本服务器尚未接入短信服务商 {field}：请从 {detail} 中选择',
  smsLiveProvidersOff: '本服务器只通过沙箱发送短信（SMS_GATEWAY={detail}）：不能在此选择 {field}',
  smsNotSent: '短信未发送：短信网关 {field} 拒绝或未响应。请稍后再试',
  smsSenderIdNotConfigured:
    '发送方 ID {field} 不在短信配置的发送方 ID（{detail}）中：请先在短信配置中添加',
  smsSenderIdInUse: '发送方 ID {field} 仍被已启用的模板 {detail} 使用：请先修改或停用这些模板',
  notTelemarketer: '账号 {detail} 不是电销人员：请选择负责电销拨打的账号',
  grantNotHeld: '不能授予 {field}：您本人未持有该权限',
  accountBeyondGrants: '不能管理持有您所没有的权限的账号',
  systemRoleLocked: '{field} 是系统角色：不能改名、撤销权限或删除',
  roleInUse: '该角色仍分配给 {detail} 个账号，请先从这些账号移除',
  cannotDeleteSelf: '不能删除自己的账号',
  couponExpired: '优惠券 {field} 已于 {detail} 过期，不能再使用',
  couponAlreadyUsed: '优惠券 {field} 已被使用',
  couponNotApplicable: '优惠券 {field} 不能用于此借款：{detail}',
  couponUnavailable: '优惠券 {field} 不能发送：{detail}',
  couponAlreadySent: '优惠券 {field} 已发送，不能编辑或删除，请改为不可用',
  couponStockExhausted: '优惠券 {field} 仅剩 {detail} 张，少于目标人数',
  otpIncorrect: '验证码错误：还可尝试 {detail} 次',
  otpExpired: '验证码已过期或未发送：请重新获取',
  otpAttemptsExceeded: '验证码错误次数过多：请重新获取验证码',
  otpThrottled: '获取验证码过于频繁：请 {detail} 秒后再试',
  borrowerStepMissing: '请先完成{field}',
  webhookRejected: '回调签名无效或超出允许的时间窗口',
  walletBalanceTooLow: '提现金额 {field} 超过钱包余额 {detail}：未提现',
  walletBelowMinimum: '提现金额 {field} 低于最低提现金额 {detail}',
  walletDailyCapReached: '提现金额 {field} 将超过每日提现上限 {detail}',
  walletBankNotVerified: '只能提现到已验证的银行账户：请先验证您的账户',
  inviteCodeUnknown: '邀请码 {field} 不存在',
  inviteNotAllowed: '该邀请码不能使用：{detail}',
  monthNotClosed: '{field} 月尚未全部日终关账，不能锁定（已关账至 {detail}）',
  monthAlreadyLocked: '{field} 月已锁定：账簿已锁定至 {detail}',
  rateLimited: '请求过于频繁，请稍后再试',
  internal: '内部错误，请稍后再试',
  gatewayUnavailable: '支付网关暂不可用，请稍后再试',
};

const bur: Partial<Catalogue> = {
  ok: 'အောင်မြင်ပါသည်',
  forbidden: 'ဤလုပ်ဆောင်ချက်အတွက် ခွင့်ပြုချက်မရှိပါ',
  notFound: 'မတွေ့ပါ',
  invalidCredentials: 'အီးမေးလ် သို့မဟုတ် စကားဝှက် မှားနေပါသည်',
};

export const messageCatalogues: Record<Language, Partial<Catalogue>> = { en, zh, bur };

export function translateMessage(
  key: ErrorKey,
  language: Language,
  params: { field?: string; detail?: string } = {},
): string {
  const template = messageCatalogues[language][key] ?? en[key];
  return template.replace('{field}', params.field ?? '').replace('{detail}', params.detail ?? '');
}
