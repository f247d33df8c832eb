import { Form, Input } from 'antd';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

/** The e-mail input of the sign-in, registration and forgot-password forms. */
export function EmailField({ id, value, onChange }: Props) {
  return (
    <Form.Item label="Email" htmlFor={id}>
      <Input id={id} type="email" autoComplete="email" value={value} onChange={(e) => onChange(e.target.value)} />
    </Form.Item>
  );
}
