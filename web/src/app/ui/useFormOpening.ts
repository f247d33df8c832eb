import type { FormInstance } from 'antd';
import { useEffect } from 'react';

/**
 * Sets a modal's antd form to `values()` each time the modal opens on something (`opening`: null while closed,
 * else what it edits: an id, or 'new'). antd applies a Form's `initialValues` to its form instance only once, so an
 * instance that serves every opening would otherwise start from what an earlier opening left in it. `values` is
 * read when the opening changes only: a refetch while the modal is open keeps the user's edits.
 */
export function useFormOpening<T>(
  form: FormInstance<T>,
  opening: string | null,
  values: () => Parameters<FormInstance<T>['setFieldsValue']>[0],
): void {
  useEffect(() => {
    if (opening !== null) {
      form.resetFields();
      form.setFieldsValue(values());
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `values` is read when the opening changes only (above)
  }, [form, opening]);
}
