import { Form, type FormProps } from 'antd';
import type { ReactNode } from 'react';

type AuthFormProps<Values> = Omit<FormProps<Values>, 'children'> & { children: ReactNode };

/** The look every sign-in, sign-up and recovery form shares: labels above large fields, no required marks. */
export function AuthForm<Values>(props: AuthFormProps<Values>) {
  return <Form<Values> layout="vertical" size="large" requiredMark={false} className="auth-form" {...props} />;
}
