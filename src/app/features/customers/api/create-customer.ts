import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiCustomer } from '#domain/api/customers';
import { api } from '../../../lib/api-client.ts';
import { customerKeys } from '#app/lib/query-keys';

export interface NewCustomer {
  /** The form's fields; empty ones are left out of the payload (SPEC §5). */
  fields: Record<string, string>;
  license: File | null;
}

/** POST customers/ (multipart). */
async function createCustomer({ fields, license }: NewCustomer): Promise<ApiCustomer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value.trim() !== '') form.append(name, value);
  }
  if (license) form.append('drivers_license', license, license.name);
  return (await api.send<ApiCustomer>('POST', 'customers/', { form })).data;
}

export function useCreateCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCustomer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.lists }),
  });
}
