import { Alert, App, Button, Form, Input, InputNumber, Popconfirm, Skeleton, Space, Switch } from 'antd';
import {
  RENTAL_ADDRESS_MAX,
  RENTAL_CONTACT_NAME_MAX,
  RENTAL_FLOOR_MAX,
  RENTAL_FLOOR_MIN,
  RENTAL_PLACE_MAX,
  RENTAL_ROOMS_MAX,
  type WorkDetail,
} from '@spatia/contract';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/load-failed';
import { useSession } from '../../../stores/session-store';
import {
  emptyRentalForm,
  findRentalProblems,
  rentalToForm,
  toRentalInput,
  useSaveRental,
  useWorkRental,
  type RentalField,
  type RentalFormValues,
} from '../api/rental';

/**
 * The rental tab of a panorama work: rent, size, rooms, floor, address and contact, and whether the public
 * listing (/rentingHouse) shows it. Saved with its own button (docs/rentals.md): the details are not part of
 * what review approves, so they change even while the work is in review. Its position on the map is the
 * work's own, set on the details tab.
 */
export function RentalSection({ work }: { work: WorkDetail }) {
  const { t } = useTranslation();
  const rental = useWorkRental(work.uid);
  const ownPhone = useSession((session) => session.phone);
  const [values, setValues] = useState<RentalFormValues | null>(null);
  const { save, remove } = useSaveRental(work.uid);
  const { message } = App.useApp();
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (values === null && rental.data !== undefined) {
      setValues(rental.data ? rentalToForm(rental.data) : emptyRentalForm(work.address, ownPhone));
    }
  }, [values, rental.data, work.address, ownPhone]);

  const problems = useMemo(() => (values ? findRentalProblems(values) : []), [values]);
  if (rental.isError) return <LoadFailed title={t('rentalEdit.loadFailed')} query={rental} />;
  if (!values) return <Skeleton active paragraph={{ rows: 8 }} />;

  const set = <K extends keyof RentalFormValues>(key: K, value: RentalFormValues[K]) => setValues({ ...values, [key]: value });
  const problemOf = (field: RentalField) => (touched ? problems.find((problem) => problem.field === field) : undefined);
  const item = (field: RentalField, control: ReactNode, required = false) => {
    const problem = problemOf(field);
    return (
      <Form.Item
        label={t(`rentalEdit.fields.${field}`)}
        required={required}
        validateStatus={problem ? 'error' : undefined}
        help={problem ? <span data-testid={`rental-${field}-problem`}>{t(`rentalEdit.problems.${problem.problem}`)}</span> : undefined}
        htmlFor={`rental-${field}`}
      >
        {control}
      </Form.Item>
    );
  };
  const text = (field: 'address' | 'district' | 'city' | 'contactName' | 'contactPhone', max: number) => (
    <Input
      id={`rental-${field}`}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      maxLength={max}
      placeholder={t(`rentalEdit.placeholders.${field}`)}
      data-testid={`rental-${field}`}
    />
  );
  const count = (field: 'bedrooms' | 'livingRooms' | 'bathrooms') => (
    <InputNumber<number>
      id={`rental-${field}`}
      min={0}
      max={RENTAL_ROOMS_MAX}
      precision={0}
      value={values[field]}
      onChange={(value) => set(field, value)}
      className="work-edit__rental-number"
      data-testid={`rental-${field}`}
    />
  );

  const submit = () => {
    setTouched(true);
    if (problems.length > 0) return;
    save.mutate(toRentalInput(values), {
      onSuccess: (saved) => {
        setValues(rentalToForm(saved));
        void message.success(t('rentalEdit.saved'));
      },
    });
  };

  const visibleNote = !rental.data
    ? null
    : rental.data.visible
      ? { type: 'success' as const, text: t('rentalEdit.state.visible') }
      : { type: 'info' as const, text: rental.data.listed ? t('rentalEdit.state.offline') : t('rentalEdit.state.unlisted') };

  return (
    <Form layout="vertical" component="div" className="work-edit__form work-edit__rental" requiredMark={false} data-testid="rental-section">
      <p className="work-edit__rental-intro">{t('rentalEdit.intro')}</p>
      {visibleNote && (
        <Alert type={visibleNote.type} showIcon title={visibleNote.text} className="work-edit__alert" data-testid="rental-state" />
      )}
      {(work.latitude === null || work.longitude === null) && (
        <Alert type="warning" showIcon title={t('rentalEdit.noLocation')} className="work-edit__alert" data-testid="rental-no-location" />
      )}
      <div className="work-edit__rental-grid">
        {item(
          'rentYuan',
          <InputNumber<string>
            id="rental-rentYuan"
            stringMode
            min="1"
            max="1000000"
            precision={2}
            prefix="¥"
            suffix={t('rentalEdit.perMonth')}
            value={values.rentYuan === '' ? null : values.rentYuan}
            onChange={(value) => set('rentYuan', value ?? '')}
            className="work-edit__rental-number"
            data-testid="rental-rentYuan"
          />,
          true,
        )}
        {item(
          'area',
          <InputNumber<number>
            id="rental-area"
            min={1}
            max={100000}
            precision={2}
            suffix="m²"
            value={values.area}
            onChange={(value) => set('area', value)}
            className="work-edit__rental-number"
            data-testid="rental-area"
          />,
          true,
        )}
        {item('bedrooms', count('bedrooms'), true)}
        {item('livingRooms', count('livingRooms'), true)}
        {item('bathrooms', count('bathrooms'), true)}
        {item(
          'floor',
          <Space.Compact>
            <InputNumber<number>
              id="rental-floor"
              min={RENTAL_FLOOR_MIN}
              max={RENTAL_FLOOR_MAX}
              precision={0}
              value={values.floor}
              onChange={(value) => set('floor', value === 0 ? null : value)}
              placeholder={t('rentalEdit.placeholders.floor')}
              data-testid="rental-floor"
            />
            <InputNumber<number>
              min={1}
              max={RENTAL_FLOOR_MAX}
              precision={0}
              value={values.totalFloors}
              onChange={(value) => set('totalFloors', value)}
              placeholder={t('rentalEdit.placeholders.totalFloors')}
              aria-label={t('rentalEdit.placeholders.totalFloors')}
              data-testid="rental-totalFloors"
            />
          </Space.Compact>,
        )}
      </div>
      {item('address', text('address', RENTAL_ADDRESS_MAX), true)}
      <div className="work-edit__rental-grid">
        {item('district', text('district', RENTAL_PLACE_MAX))}
        {item('city', text('city', RENTAL_PLACE_MAX))}
        {item('contactName', text('contactName', RENTAL_CONTACT_NAME_MAX), true)}
        {item('contactPhone', text('contactPhone', 11), true)}
      </div>
      <Form.Item label={t('rentalEdit.fields.listed')} extra={t('rentalEdit.listedHelp')}>
        <Switch checked={values.listed} onChange={(listed) => set('listed', listed)} data-testid="rental-listed" />
      </Form.Item>
      <Space wrap>
        <Button type="primary" onClick={submit} loading={save.isPending} data-testid="rental-save">
          {t('rentalEdit.save')}
        </Button>
        {rental.data && (
          <Popconfirm
            title={t('rentalEdit.removeConfirm')}
            okText={t('rentalEdit.remove')}
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  setValues(emptyRentalForm(work.address, ownPhone));
                  setTouched(false);
                  void message.success(t('rentalEdit.removed'));
                },
              })
            }
          >
            <Button danger loading={remove.isPending} data-testid="rental-remove">
              {t('rentalEdit.remove')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    </Form>
  );
}
