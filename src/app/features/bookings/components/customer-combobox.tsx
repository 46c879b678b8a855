import { useState, type Ref } from 'react';
import type { ApiCustomer } from '#domain/api/customers';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useCustomerChoices } from '../api/search-customers.ts';
import { Combobox, type ComboboxOption } from '#app/components/combobox';

export type CustomerOption = ComboboxOption;

/** "Jane Smith", told apart by e-mail and phone. */
export function customerOption(
  customer: Pick<ApiCustomer, 'id' | 'first_name' | 'last_name' | 'email' | 'phone_number'>,
) {
  return {
    id: customer.id,
    label: `${customer.first_name} ${customer.last_name}`,
    detail: `${customer.email} · ${customer.phone_number}`,
  };
}

interface CustomerComboboxProps {
  label?: string;
  value: CustomerOption | null;
  onChange: (option: CustomerOption | null) => void;
  error?: string | undefined;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
}

/** Chooses a customer by searching the server (name, e-mail, phone, national ID): never the whole list. */
export function CustomerCombobox({ label = 'Customer', ...props }: CustomerComboboxProps) {
  const [search, setSearch] = useState('');
  const [asked, setAsked] = useState(false);
  const settled = useDebouncedValue(search.trim(), 250);
  const query = useCustomerChoices(settled, asked);
  return (
    <Combobox
      {...props}
      label={label}
      placeholder="Search by name, e-mail or phone"
      onSearch={(text) => {
        setAsked(true);
        setSearch(text);
      }}
      options={(query.data?.items ?? []).map(customerOption)}
      total={query.data?.total}
      loading={query.isFetching}
      stale={query.isPlaceholderData || settled !== search.trim()}
      failed={query.isError}
      emptyText="No customers found."
    />
  );
}
