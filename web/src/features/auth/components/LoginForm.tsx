import { Alert, Button, Form } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { LOGIN_DURATION, notify } from '../../../app/notify';
import { authErrorMessage } from '../authErrors';
import { useLazyMeQuery, useLoginMutation } from '../authApi';
import { sessionEnded, sessionStarted, tokenReceived, toSessionUser } from '../authSlice';
import { validateCredentials } from '../validation';
import { EmailField } from './EmailField';
import { PasswordField } from './PasswordField';

export const LOGIN_REDIRECT_MS = 500;

export function LoginForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [login] = useLoginMutation();
  const [fetchMe] = useLazyMeQuery();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problem = validateCredentials(email, password);
    if (problem) {
      setError(problem.message);
      if (problem.missing) {
        notify.warning('Missing Information', problem.message);
      }
      return;
    }
    setError(null);
    setBusy(true);
    let gotToken = false;
    try {
      const { access_token } = await login({ email: email.trim(), password }).unwrap();
      gotToken = true;
      dispatch(tokenReceived(access_token));
      const user = await fetchMe().unwrap();
      dispatch(sessionStarted(toSessionUser(user)));
      notify.success('Login Successful!', `Welcome, ${user.email}`, LOGIN_DURATION);
      setTimeout(() => void navigate('/connections'), LOGIN_REDIRECT_MS);
    } catch (e) {
      if (gotToken) {
        dispatch(sessionEnded());
      }
      const message = authErrorMessage(e, 'Invalid email or password. Please try again.');
      setError(message);
      notify.error('Login Failed', message);
    } finally {
      setBusy(false);
    }
  };

  // noValidate: the spec's own messages, not the browser's tooltip for an address without "@".
  return (
    <Form layout="vertical" onFinish={() => void submit()} aria-label="Login form" noValidate>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <EmailField id="login-email" value={email} onChange={setEmail} />
      <PasswordField
        id="login-password"
        label="Password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      <Button type="primary" htmlType="submit" block loading={busy} disabled={busy}>
        Sign in
      </Button>
      <div style={{ marginTop: 12, textAlign: 'center' }}>
        <Link to="/forgot-password">Forgot Password?</Link>
      </div>
    </Form>
  );
}
