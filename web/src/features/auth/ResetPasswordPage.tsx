import { Alert, Button, Card, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { notify } from '../../app/notify';
import { useValidateResetTokenMutation } from './authApi';
import { ResetPasswordForm } from './components/ResetPasswordForm';

/** Long enough to read why the page is going away. */
export const INVALID_TOKEN_REDIRECT_MS = 3000;

type Check = { state: 'checking' } | { state: 'valid'; email?: string } | { state: 'invalid' } | { state: 'missing' };

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [validate] = useValidateResetTokenMutation();
  const [check, setCheck] = useState<Check>(token ? { state: 'checking' } : { state: 'missing' });
  const checkedToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token || checkedToken.current === token) {
      return;
    }
    checkedToken.current = token;
    validate({ token })
      .unwrap()
      .then((r) => {
        if (r.valid) {
          setCheck({ state: 'valid', email: r.email });
        } else {
          setCheck({ state: 'invalid' });
        }
      })
      .catch(() => setCheck({ state: 'invalid' }));
  }, [token, validate]);

  useEffect(() => {
    if (check.state !== 'invalid' && check.state !== 'missing') {
      return;
    }
    if (check.state === 'invalid') {
      notify.error('Invalid Token', 'This reset link is invalid or has expired.');
    }
    const timer = setTimeout(() => void navigate('/forgot-password'), INVALID_TOKEN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [check.state, navigate]);

  switch (check.state) {
    case 'missing':
      return <Alert className="auth-card" type="error" showIcon message="No reset token provided." />;
    case 'checking':
      return (
        <Card className="auth-card" role="status" aria-label="Checking reset link">
          <Spin />
        </Card>
      );
    case 'invalid':
      return (
        <Result
          status="error"
          title="Invalid Reset Link"
          subTitle="This reset link is invalid or has expired."
          extra={
            <Button type="primary" onClick={() => void navigate('/forgot-password')}>
              Request New Reset Link
            </Button>
          }
        />
      );
    case 'valid':
      return (
        <Card className="auth-card" title="Reset Password">
          <ResetPasswordForm token={token} email={check.email} />
        </Card>
      );
  }
}
