import { Form, Input } from 'antd';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: string;
}

export function PasswordField({ id, label, value, onChange, autoComplete }: Props) {
  return (
    <Form.Item label={label} htmlFor={id}>
      <Input.Password id={id} value={value} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)} />
    </Form.Item>
  );
}
