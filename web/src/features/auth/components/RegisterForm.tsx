import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { browser } from '../../../app/browser';
import { notify } from '../../../app/notify';
import { authErrorMessage } from '../authErrors';
import { useRegisterMutation } from '../authApi';
import { validateCredentials } from '../validation';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';

export const REGISTRATION_REDIRECT_MS = 2000;

export function RegisterForm() {
  const [register, { isLoading }] = useRegisterMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async () => {
    const problem = validateCredentials(email, password, confirm);
    if (problem) {
      setError(problem.message);
      if (problem.missing) {
        notify.warning('Missing Information', problem.message);
      }
      return;
    }
    setError(null);
    try {
      await register({ email: email.trim(), password }).unwrap();
      setDone(true);
      notify.success('Registration Successful!', 'Your account has been created and is pending approval.');
      // A full page load, as the spec asks, so no state of this session survives.
      setTimeout(() => browser.assign('/registration-success'), REGISTRATION_REDIRECT_MS);
    } catch (e) {
      const message = authErrorMessage(e, 'Failed to create account. Please try again.');
      setError(message);
      notify.error('Registration Failed', message);
    }
  };

  return (
    <Form layout="vertical" onFinish={() => void submit()} aria-label="Register form" noValidate>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <EmailField id="register-email" value={email} onChange={setEmail} />
      <PasswordField
        id="register-password"
        label="Password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
      />
      <PasswordField
        id="register-confirm"
        label="Confirm Password"
        value={confirm}
        onChange={setConfirm}
        autoComplete="new-password"
      />
      <Button type="primary" htmlType="submit" block loading={isLoading} disabled={isLoading || done}>
        Create account
      </Button>
    </Form>
  );
}
