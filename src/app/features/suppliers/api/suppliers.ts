import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgencyProfile } from '#domain/api/agencies';
import type { AgencyStatus } from '#domain/constants';
import { api } from '../../../lib/api-client.ts';
import { apiUpload } from '../../../lib/upload.ts';

export type { AgencyProfile };

const SUPPLIERS_KEY = ['suppliers'] as const;
const PAGE_SIZE = 200;

export interface SupplierFilter {
  search: string;
  status: AgencyStatus | 'all';
}

function listUrl(filter: SupplierFilter): string {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (filter.search.trim()) params.set('search', filter.search.trim());
  if (filter.status !== 'all') params.set('status', filter.status);
  return `suppliers/?${params.toString()}`;
}

/** The platform's agencies for the operator (GET suppliers/), searched and filtered by the server. */
export function useSuppliers(filter: SupplierFilter) {
  return useQuery({
    queryKey: [...SUPPLIERS_KEY, 'list', { search: filter.search.trim().toLowerCase(), status: filter.status }],
    queryFn: ({ signal }) => api.list<AgencyProfile>(listUrl(filter), signal),
    placeholderData: keepPreviousData,
  });
}

/** Approving or suspending changes the public list and the vehicle form's agency picker too. */
function useInvalidateSuppliers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: SUPPLIERS_KEY }),
      queryClient.invalidateQueries({ queryKey: ['agencies'] }),
    ]);
}

/** POST suppliers/{id}/status/: approve or reinstate ("approved"), or suspend. */
export function useSetSupplierStatus() {
  const invalidate = useInvalidateSuppliers();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'approved' | 'suspended' }) =>
      api.post<AgencyProfile>(`suppliers/${id}/status/`, { status }),
    onSuccess: invalidate,
  });
}

/** PATCH suppliers/{id}/ (multipart): details and an optional `logo`. */
export function useUpdateSupplier() {
  const invalidate = useInvalidateSuppliers();
  return useMutation({
    mutationFn: async ({ id, form }: { id: number; form: FormData }) =>
      (await apiUpload<AgencyProfile>('PATCH', `suppliers/${id}/`, form, () => undefined)).data,
    onSuccess: invalidate,
  });
}
