import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { PAYMENT_TOTAL_HEADERS, type BookingMoney, type Payment, type PaymentTotals } from '#domain/api/payments';
import type { PaymentMethod } from '#domain/constants';
import type { PaymentKind, PaymentStatus } from '#domain/payment-kinds';
import type * as v from 'valibot';
import type { paymentSchema } from '#domain/schemas/payment';
import { api } from '../../../lib/api-client.ts';
import { nextOffset, type ListPage } from '../../../lib/paging.ts';
import { INVOICES_KEY } from '../../invoices/index.ts';

export type { BookingMoney, Payment, PaymentTotals };

/** The root of every payments query: a write elsewhere that moves money refreshes it. */
export const PAYMENTS_KEY = ['payments'] as const;
const PAGE_SIZE = 25;

/** The form's raw values: the amount stays the decimal text typed ("45.50"), as the API takes it. */
export type PaymentBody = v.InferInput<typeof paymentSchema>;

export interface PaymentFilter {
  kind: PaymentKind | '';
  method: PaymentMethod | '';
  status: PaymentStatus | '';
  from: string;
  to: string;
}

export interface PaymentsPage extends ListPage<Payment> {
  totals: PaymentTotals;
}

/** GET payments/: a page at a time (limit/offset), each with the filtered set's totals (headers). */
export const paymentsQueryOptions = (filter: PaymentFilter) =>
  infiniteQueryOptions({
    queryKey: [...PAYMENTS_KEY, 'list', filter],
    queryFn: async ({ pageParam, signal }): Promise<PaymentsPage> => {
      const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(pageParam) });
      for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
      const response = await api.send<Payment[]>('GET', `payments/?${params.toString()}`, { signal });
      const header = (name: string) => response.headers.get(name) ?? '0.00';
      return {
        items: response.data,
        total: Number(response.headers.get('X-Total-Count') ?? response.data.length),
        totals: {
          received: header(PAYMENT_TOTAL_HEADERS.received),
          refunded: header(PAYMENT_TOTAL_HEADERS.refunded),
          deposits: header(PAYMENT_TOTAL_HEADERS.deposits),
          due: header(PAYMENT_TOTAL_HEADERS.due),
        },
      };
    },
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    // Colleagues take money too: each visit shows the kept list at once and asks for the current one.
    staleTime: 0,
  });

export function usePayments(filter: PaymentFilter) {
  return useInfiniteQuery({ ...paymentsQueryOptions(filter), placeholderData: keepPreviousData });
}

const bookingMoneyOptions = (bookingId: number) =>
  queryOptions({
    queryKey: [...PAYMENTS_KEY, 'booking', bookingId],
    queryFn: ({ signal }) => api.get<BookingMoney>(`bookings/${bookingId}/payments/`, signal),
    staleTime: 0,
  });

/** GET bookings/{id}/payments/: the booking's paid, due, deposit held and its payments. */
export function useBookingMoney(bookingId: number) {
  return useQuery(bookingMoneyOptions(bookingId));
}

/**
 * POST payments/ (with an Idempotency-Key, so a retried send records once) and PATCH
 * payments/{id}/ to mark a due entry received. Online only: money is not recorded offline.
 */
export function usePaymentWrites() {
  const queryClient = useQueryClient();
  // The payment that settles the booking's invoice (recorded, or a due one received) marks it paid on the server.
  const invalidate = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY }),
      queryClient.invalidateQueries({ queryKey: INVOICES_KEY }),
    ]).then(() => undefined);
  const record = useMutation({
    mutationFn: ({ values, key }: { values: PaymentBody; key: string }) =>
      api.post<Payment>('payments/', values, { idempotencyKey: key }),
    onSuccess: invalidate,
  });
  const markReceived = useMutation({
    mutationFn: ({ id, method, paidOn }: { id: number; method: PaymentMethod; paidOn: string }) =>
      api.patch<Payment>(`payments/${id}/`, { status: 'received', method, paid_on: paidOn }),
    onSuccess: invalidate,
  });
  return { record, markReceived };
}
