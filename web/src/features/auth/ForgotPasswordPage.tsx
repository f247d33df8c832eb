import { Alert, Button, Card, Form, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { notify } from '../../app/notify';
import { authErrorMessage } from './authErrors';
import { useForgotPasswordMutation } from './authApi';
import { EmailField } from './components/EmailField';

export const FORGOT_REDIRECT_MS = 1000;

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    try {
      const result = await forgotPassword({ email: email.trim() }).unwrap();
      notify.success('Reset Instructions Sent', result.message);
      // Without e-mail delivery the server may hand the token back directly (spec §4).
      const next = result.reset_token ? `/reset-password?token=${encodeURIComponent(result.reset_token)}` : '/login';
      setTimeout(() => void navigate(next), FORGOT_REDIRECT_MS);
    } catch (e) {
      setError(authErrorMessage(e, 'Failed to send reset instructions. Please try again.'));
    }
  };

  return (
    <Card className="auth-card" title="Forgot Password">
      <Typography.Paragraph>Enter your account e-mail to receive reset instructions.</Typography.Paragraph>
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" onFinish={() => void submit()} aria-label="Forgot password form">
        <EmailField id="forgot-email" value={email} onChange={setEmail} />
        <Button type="primary" htmlType="submit" block disabled={!email.trim() || isLoading} loading={isLoading}>
          Next
        </Button>
      </Form>
      <div style={{ marginTop: 12, textAlign: 'center' }}>
        <Link to="/login">Back to Login</Link>
      </div>
    </Card>
  );
}
