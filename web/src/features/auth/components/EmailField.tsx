import { Form, Input } from 'antd';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * The e-mail input of the sign-in and registration forms: `type="email"` for the keyboard and autofill; the forms
 * are `noValidate`, so an address the browser would refuse still reaches the spec's own message.
 */
export function EmailField({ id, value, onChange }: Props) {
  return (
    <Form.Item label="Email" htmlFor={id}>
      <Input id={id} type="email" autoComplete="email" value={value} onChange={(e) => onChange(e.target.value)} />
    </Form.Item>
  );
}
