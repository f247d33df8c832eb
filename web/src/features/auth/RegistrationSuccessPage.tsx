import { Button, Result, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { sessionEnded } from './authSlice';
import { tokenStorage } from './tokenStorage';

export function RegistrationSuccessPage() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  // Spec: the stored token goes on load; a session of this page view goes with it (the header signs out too).
  useEffect(() => {
    tokenStorage.clear();
    dispatch(sessionEnded());
  }, [dispatch]);

  return (
    <Result
      status="success"
      title="Registration Successful!"
      subTitle="Your account has been created and is pending approval."
      extra={
        <Button type="primary" onClick={() => void navigate('/login')}>
          Back to Login
        </Button>
      }
    >
      <Typography.Paragraph>
        Your account is inactive until an administrator approves it. You will receive an e-mail once it has been
        approved. Until then you cannot log in.
      </Typography.Paragraph>
    </Result>
  );
}
