// The country picker of the address book, the loan application and the settle-in form: the platform's
// country list (address!countries, loaded once), searchable by name. Form.Item passes value/onChange/id.
import { Select } from 'antd';
import { useCountries } from './address-api.ts';

export interface CountrySelectProps {
  value?: number;
  onChange?: (countryId: number) => void;
  id?: string;
  placeholder: string;
  notFoundContent: string;
  disabled?: boolean;
}

export function CountrySelect({ value, onChange, id, placeholder, notFoundContent, disabled }: CountrySelectProps) {
  const countries = useCountries();
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={onChange}
      disabled={disabled}
      showSearch={{ optionFilterProp: 'label' }}
      loading={countries.isPending}
      placeholder={placeholder}
      notFoundContent={notFoundContent}
      options={countries.data?.map((item) => ({ value: item.id, label: item.countryName }))}
    />
  );
}

/** A country's name from the same list ('' until it is loaded or when unknown). */
export function useCountryName(countryId: number | undefined): string {
  const countries = useCountries();
  return countries.data?.find((item) => item.id === countryId)?.countryName ?? '';
}
