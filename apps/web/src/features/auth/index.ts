// What other parts of the web app use of the auth feature: they import it from here, never from its folders.
export { EmptyUserInfoError, loadSessionUser } from './api/load-session-user';
export { useLogout } from './api/logout';
export { CodeField, requireIssuedCode, type CodeFieldProps } from './components/code-field';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { PasswordLoginForm } from './components/password-login-form';
export { QrConfirmPanel } from './components/qr-confirm-panel';
export { QrLoginPanel } from './components/qr-login-panel';
export { RegisterForm } from './components/register-form';
export { SmsLoginForm } from './components/sms-login-form';
export { WechatHandoff } from './components/wechat-handoff';
export { WechatLoginButton } from './components/wechat-login-button';
