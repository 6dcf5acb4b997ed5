export default {
  phoneRequired: 'Please enter your phone number',
  phoneInvalid: 'Please enter an 11-digit mainland China mobile number',
  codeRequired: 'Please enter the verification code',
  codeInvalid: 'The code has 6 digits',
  codeNotSent: 'Please get a verification code first',
  passwordRequired: 'Please enter your password',
  password: {
    tooShort: 'Use at least {{min}} characters',
    tooLong: 'Use at most {{max}} characters',
    needsLetterAndDigit: 'Use at least one letter and one digit',
  },
  confirmRequired: 'Please enter the password again',
  confirmMismatch: 'The two passwords do not match',
  nameRequired: 'Please enter a name',
  nameTooLong: 'Use at most {{max}} characters',
} as const;
