import { Alert, Button, Form, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notify } from '../../../app/notify';
import { authErrorMessage } from '../authErrors';
import { useResetPasswordMutation } from '../authApi';
import { validateNewPassword } from '../validation';
import { PasswordField } from './PasswordField';

export function ResetPasswordForm({ token, email }: { token: string; email?: string }) {
  const navigate = useNavigate();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const problem = validateNewPassword(password, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      const result = await resetPassword({ token, new_password: password }).unwrap();
      notify.success('Password Reset', result.message);
      void navigate('/login');
    } catch (e) {
      const message = authErrorMessage(e, 'Failed to reset password. Please try again.');
      setError(message);
      notify.error('Reset Failed', message);
    }
  };

  return (
    <Form layout="vertical" onFinish={() => void submit()} aria-label="Reset password form">
      {email && <Typography.Paragraph>Choose a new password for {email}.</Typography.Paragraph>}
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} />}
      <PasswordField
        id="reset-password"
        label="New Password"
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
      />
      <PasswordField
        id="reset-confirm"
        label="Confirm Password"
        value={confirm}
        onChange={setConfirm}
        autoComplete="new-password"
      />
      <Button type="primary" htmlType="submit" block loading={isLoading} disabled={isLoading}>
        Reset Password
      </Button>
    </Form>
  );
}
