export default {
  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入 11 位中国大陆手机号',
  codeRequired: '请输入验证码',
  codeInvalid: '验证码为 6 位数字',
  codeNotSent: '请先获取验证码',
  passwordRequired: '请输入密码',
  password: {
    tooShort: '至少 {{min}} 个字符',
    tooLong: '最多 {{max}} 个字符',
    needsLetterAndDigit: '需同时包含字母和数字',
  },
  confirmRequired: '请再次输入密码',
  confirmMismatch: '两次输入的密码不一致',
  nameRequired: '请输入名称',
  nameTooLong: '最多 {{max}} 个字符',
} as const;
