import { Form, Input, Modal } from 'antd';
import { errorMessage } from '../../../app/errors';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notify } from '../../../app/notify';
import { useFormOpening } from '../../../app/ui/useFormOpening';
import { useCreateGroupMutation, useUpdateGroupMutation } from '../groupsApi';
import { formClosed, selectFormTarget } from '../groupsSlice';
import type { Group } from '../types';

export function GroupFormModal({ groups }: { groups: Group[] }) {
  const dispatch = useAppDispatch();
  const target = useAppSelector(selectFormTarget);
  const editing = target && target !== 'new' ? groups.find((g) => g.id === target) : undefined;
  const [form] = Form.useForm<{ name: string }>();
  const [create, createState] = useCreateGroupMutation();
  const [update, updateState] = useUpdateGroupMutation();
  const saving = createState.isLoading || updateState.isLoading;

  useFormOpening(form, target, () => ({ name: editing?.name ?? '' }));

  const save = async ({ name }: { name: string }) => {
    try {
      if (editing) {
        await update({ id: editing.id, name: name.trim() }).unwrap();
      } else {
        await create({ name: name.trim() }).unwrap();
      }
      dispatch(formClosed());
    } catch (e) {
      notify.error('Error', errorMessage(e, 'Failed to save group'));
    }
  };

  return (
    <Modal
      open={target !== null}
      title={editing ? 'Edit Group' : 'Create Group'}
      okText={editing ? 'Save' : 'Create'}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving, disabled: saving }}
      onCancel={() => dispatch(formClosed())}
      destroyOnHidden
    >
      <Form
        form={form}
        name="group"
        layout="vertical"
        preserve={false}
        initialValues={{ name: editing?.name ?? '' }}
        onFinish={(v) => void save(v)}
      >
        <Form.Item name="name" label="Group Name">
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
