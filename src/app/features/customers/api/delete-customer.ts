import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { customerQueryOptions } from './get-customer.ts';
import { customerKeys } from '#app/lib/query-keys';

/** DELETE customers/{id}/: refused (409) for a customer with bookings or a login of their own. */
export function useDeleteCustomer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(`customers/${id}/`),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: customerQueryOptions(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: customerKeys.lists });
    },
  });
}
