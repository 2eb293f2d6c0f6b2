// The delivery-address form (API reference section 4, spec section 5), shared by the checkout and the
// address book: contacts, phone, e-mail, country -> state -> city (each list loaded once the previous
// one is chosen), postcode, address and the default flag; saved with address!add or address!edit.
import { ApiError } from '@caravan/ui/api-client';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADDRESS_MAX,
  addressListQueryOptions,
  addressParams,
  addressValues,
  CONTACTS_MAX,
  EMAIL_MAX,
  POSTCODE_MAX,
  serverErrorField,
  useCities,
  useCountries,
  useSaveAddress,
  useStates,
  validateAddressField,
  type AddressField,
  type AddressRecord,
  type AddressValues,
  type GeoNeeds,
} from './address-api.ts';
import './address-form.css';
import { CountrySelect } from './country-select.tsx';
import { useMessage } from './feedback.tsx';

function initialValues(address: AddressRecord | undefined, makeDefault: boolean): AddressValues {
  return address ? addressValues(address) : { use: makeDefault };
}

export interface AddressFormProps {
  /** the address to edit; a new one is added without it */
  address?: AddressRecord | undefined;
  /** ticks "default" on a new address (e.g. the user's first) */
  defaultChecked?: boolean;
  /** the saved address as the list now holds it (undefined if the list could not be read again) */
  onSaved?: (address: AddressRecord | undefined) => void;
  onCancel?: () => void;
}

export function AddressForm({ address, defaultChecked = false, onSaved, onCancel }: AddressFormProps) {
  const { t } = useTranslation('address');
  const message = useMessage();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AddressValues>();
  const [serverError, setServerError] = useState<string | null>(null);
  const save = useSaveAddress();
  const formId = useId();

  const countryId = Form.useWatch('countryId', form);
  const provinceId = Form.useWatch('provinceId', form);
  const countries = useCountries();
  const states = useStates(countryId);
  const cities = useCities(provinceId);

  // a state is required when the country has some, a city when the state has some (spec section 5:
  // the server checks the same); until a list has loaded it is assumed to be needed
  const noStates = Boolean(countryId) && states.isSuccess && states.data.length === 0;
  const noCities = Boolean(provinceId) && cities.isSuccess && cities.data.length === 0;
  const needs: GeoNeeds = { states: !noStates, cities: !noStates && !noCities };

  const rule = (field: AddressField): Rule[] => [
    {
      validator: async () => {
        const error = validateAddressField(field, form.getFieldsValue(true) as AddressValues, needs);
        if (error) throw new Error(t(error.key, error.values ?? {}));
      },
    },
  ];

  const finish = async (values: AddressValues) => {
    setServerError(null);
    const names = {
      country: countries.data?.find((item) => item.id === values.countryId)?.countryName ?? '',
      province: states.data?.find((item) => item.id === values.provinceId)?.stateName ?? '',
      city: cities.data?.find((item) => item.id === values.cityId)?.cityName ?? '',
    };
    // to tell the new address apart afterwards (address!add answers no id)
    const before = new Set((await queryClient.ensureQueryData(addressListQueryOptions()).catch(() => [])).map((item) => item.id));
    try {
      await save.mutateAsync(addressParams(values, names, address?.id));
    } catch (error) {
      const text = error instanceof ApiError && error.message ? error.message : t('errors.saveFailed');
      const field = serverErrorField(error instanceof ApiError ? error.errorKey : undefined);
      if (field) form.setFields([{ name: field, errors: [text] }]);
      else setServerError(text);
      return;
    }
    void message.success(t('saved'));
    const fresh = await queryClient.fetchQuery({ ...addressListQueryOptions(), staleTime: 5_000 }).catch(() => undefined);
    onSaved?.(address ? fresh?.find((item) => item.id === address.id) : fresh?.find((item) => !before.has(item.id)));
  };

  const geoLoadFailed = countries.isError || states.isError || cities.isError;

  return (
    <Form<AddressValues>
      form={form}
      name={`address-${formId}`}
      layout="vertical"
      className="address-form"
      requiredMark
      initialValues={initialValues(address, defaultChecked)}
      onValuesChange={(changed: Partial<AddressValues>) => {
        // spec section 5: country, then state, then city
        if ('countryId' in changed) form.setFieldsValue({ provinceId: undefined, cityId: undefined });
        else if ('provinceId' in changed) form.setFieldsValue({ cityId: undefined });
      }}
      onFinish={(values) => void finish(values)}
      scrollToFirstError
    >
      <div className="address-form-grid">
        <Form.Item name="contacts" label={t('fields.contacts')} required rules={rule('contacts')} validateFirst>
          <Input maxLength={CONTACTS_MAX} autoComplete="name" placeholder={t('placeholders.contacts')} />
        </Form.Item>
        <Form.Item name="phone" label={t('fields.phone')} required rules={rule('phone')} extra={t('hints.phone')}>
          <Input type="tel" inputMode="tel" autoComplete="tel" dir="ltr" placeholder={t('placeholders.phone')} />
        </Form.Item>
        <Form.Item name="email" label={t('fields.email')} rules={rule('email')}>
          <Input type="email" maxLength={EMAIL_MAX} autoComplete="email" dir="ltr" placeholder={t('placeholders.email')} />
        </Form.Item>
        <Form.Item name="postcode" label={t('fields.postcode')} rules={rule('postcode')}>
          <Input maxLength={POSTCODE_MAX} autoComplete="postal-code" dir="ltr" placeholder={t('placeholders.postcode')} />
        </Form.Item>
      </div>
      <div className="address-form-geo">
        <Form.Item name="countryId" label={t('fields.country')} required rules={rule('countryId')}>
          <CountrySelect placeholder={t('placeholders.country')} notFoundContent={t('noMatch')} />
        </Form.Item>
        <Form.Item name="provinceId" label={t('fields.state')} required={needs.states} rules={rule('provinceId')} dependencies={['countryId']}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            disabled={!countryId || noStates}
            loading={states.isFetching}
            placeholder={noStates ? t('placeholders.noStates') : countryId ? t('placeholders.state') : t('placeholders.countryFirst')}
            notFoundContent={t('noMatch')}
            options={states.data?.map((item) => ({ value: item.id, label: item.stateName }))}
          />
        </Form.Item>
        <Form.Item name="cityId" label={t('fields.city')} required={needs.cities} rules={rule('cityId')} dependencies={['countryId', 'provinceId']}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            disabled={!provinceId || noCities || noStates}
            loading={cities.isFetching}
            placeholder={noStates || noCities ? t('placeholders.noCities') : provinceId ? t('placeholders.city') : t('placeholders.stateFirst')}
            notFoundContent={t('noMatch')}
            options={cities.data?.map((item) => ({ value: item.id, label: item.cityName }))}
            virtual
          />
        </Form.Item>
      </div>
      {geoLoadFailed && <Alert type="warning" showIcon title={t('errors.geoFailed')} className="address-form-alert" />}
      <Form.Item name="address" label={t('fields.address')} required rules={rule('address')}>
        <Input.TextArea maxLength={ADDRESS_MAX} showCount autoSize={{ minRows: 2, maxRows: 4 }} autoComplete="street-address" placeholder={t('placeholders.address')} />
      </Form.Item>
      <Form.Item name="use" valuePropName="checked">
        <Checkbox>{t('fields.default')}</Checkbox>
      </Form.Item>
      {serverError && <Alert type="error" showIcon title={serverError} className="address-form-alert" role="alert" />}
      <div className="address-form-actions">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {address ? t('actions.saveChanges') : t('actions.add')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('actions.cancel')}</Button>}
      </div>
    </Form>
  );
}
