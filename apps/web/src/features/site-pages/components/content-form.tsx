import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Select, Switch, Tooltip } from 'antd';
import type { Rule } from 'antd/es/form';
import { SITE_LINK_PATTERN, SITE_URL_MAX, type SiteFieldSpec, type SiteFieldTree } from '@spatia/contract';
import { useTranslation } from 'react-i18next';
import { emptyTree } from '../lib/content-fields';

type NamePath = (string | number)[];

interface FieldProps {
  name: string;
  spec: SiteFieldSpec;
  /** The name inside the enclosing Form.List item, or the full path at the top. */
  path: NamePath;
  /** The test id prefix: `en-hero-title`. */
  testId: string;
}

function useRules(spec: SiteFieldSpec): Rule[] {
  const { t } = useTranslation();
  switch (spec.type) {
    case 'text':
    case 'paragraph':
      return [
        ...(spec.required ? [{ required: true, whitespace: true, message: t('sitePages.problems.required') }] : []),
        { max: spec.max, message: t('sitePages.problems.tooLong', { limit: spec.max }) },
      ];
    case 'link':
      return [
        ...(spec.required ? [{ required: true, message: t('sitePages.problems.required') }] : []),
        { max: SITE_URL_MAX, message: t('sitePages.problems.tooLong', { limit: SITE_URL_MAX }) },
        { pattern: SITE_LINK_PATTERN, message: t('sitePages.problems.link') },
      ];
    case 'date':
      return [{ required: true, message: t('sitePages.problems.date') }];
    default:
      return [];
  }
}

function ScalarField({ name, spec, path, testId }: FieldProps) {
  const { t } = useTranslation();
  const rules = useRules(spec);
  const label = t(`sitePages.fields.${name}`);
  const common = { name: path, label, rules, className: 'site-form__field' };
  switch (spec.type) {
    case 'text':
      return (
        <Form.Item {...common}>
          <Input showCount maxLength={spec.max} data-testid={`field-${testId}`} />
        </Form.Item>
      );
    case 'paragraph':
      return (
        <Form.Item {...common}>
          <Input.TextArea showCount maxLength={spec.max} autoSize={{ minRows: 2, maxRows: 8 }} data-testid={`field-${testId}`} />
        </Form.Item>
      );
    case 'link':
      return (
        <Form.Item {...common} extra={t('sitePages.editor.linkHint')}>
          <Input placeholder="/login · #versions · https://…" data-testid={`field-${testId}`} />
        </Form.Item>
      );
    case 'date':
      return (
        <Form.Item {...common}>
          <Input type="date" data-testid={`field-${testId}`} />
        </Form.Item>
      );
    case 'boolean':
      return (
        <Form.Item {...common} valuePropName="checked">
          <Switch data-testid={`field-${testId}`} />
        </Form.Item>
      );
    case 'integer':
      return (
        <Form.Item {...common}>
          <InputNumber min={spec.min} precision={0} data-testid={`field-${testId}`} />
        </Form.Item>
      );
    case 'choice':
      return (
        <Form.Item {...common}>
          <Select
            options={spec.options.map((option) => ({ value: option, label: t(`sitePages.illustrations.${option}`) }))}
            data-testid={`field-${testId}`}
          />
        </Form.Item>
      );
    default:
      return null;
  }
}

function ItemTools({
  index,
  count,
  min,
  move,
  remove,
}: {
  index: number;
  count: number;
  min: number;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <span className="site-form__item-tools">
      <Tooltip title={t('sitePages.editor.moveUp')}>
        <Button
          size="small"
          type="text"
          icon={<ArrowUpOutlined />}
          disabled={index === 0}
          onClick={() => move(index, index - 1)}
          aria-label={t('sitePages.editor.moveUp')}
        />
      </Tooltip>
      <Tooltip title={t('sitePages.editor.moveDown')}>
        <Button
          size="small"
          type="text"
          icon={<ArrowDownOutlined />}
          disabled={index === count - 1}
          onClick={() => move(index, index + 1)}
          aria-label={t('sitePages.editor.moveDown')}
        />
      </Tooltip>
      <Tooltip title={t('sitePages.editor.remove')}>
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          disabled={count <= min}
          onClick={() => remove(index)}
          aria-label={t('sitePages.editor.remove')}
        />
      </Tooltip>
    </span>
  );
}

function ContentField({ name, spec, path, testId }: FieldProps) {
  const { t } = useTranslation();
  switch (spec.type) {
    case 'group':
      return (
        <fieldset className="site-form__group">
          <legend>{t(`sitePages.fields.${name}`)}</legend>
          <FieldTree tree={spec.fields} path={path} testId={testId} />
        </fieldset>
      );
    case 'texts':
      return (
        <Form.List name={path}>
          {(items, { add, remove, move }) => (
            <fieldset className="site-form__group">
              <legend>{t(`sitePages.fields.${name}`)}</legend>
              {items.map((item, index) => (
                <div key={item.key} className="site-form__text-item">
                  <Form.Item
                    name={item.name}
                    rules={[
                      { required: true, whitespace: true, message: t('sitePages.problems.required') },
                      { max: spec.max, message: t('sitePages.problems.tooLong', { limit: spec.max }) },
                    ]}
                    className="site-form__text-input"
                  >
                    <Input.TextArea autoSize={{ minRows: 1, maxRows: 6 }} maxLength={spec.max} data-testid={`field-${testId}-${index}`} />
                  </Form.Item>
                  <ItemTools index={index} count={items.length} min={spec.minItems} move={move} remove={remove} />
                </div>
              ))}
              {items.length < spec.maxItems && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add('')} block>
                  {t('sitePages.editor.add')}
                </Button>
              )}
            </fieldset>
          )}
        </Form.List>
      );
    case 'list':
      return (
        <Form.List name={path}>
          {(items, { add, remove, move }) => (
            <fieldset className="site-form__group">
              <legend>{t(`sitePages.fields.${name}`)}</legend>
              {items.map((item, index) => (
                <div key={item.key} className="site-form__list-item">
                  <div className="site-form__list-head">
                    <span>{t('sitePages.editor.item', { number: index + 1 })}</span>
                    <ItemTools index={index} count={items.length} min={spec.minItems} move={move} remove={remove} />
                  </div>
                  <FieldTree tree={spec.fields} path={[item.name]} testId={`${testId}-${index}`} />
                </div>
              ))}
              {items.length < spec.maxItems && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(emptyTree(spec.fields))} block>
                  {t('sitePages.editor.add')}
                </Button>
              )}
            </fieldset>
          )}
        </Form.List>
      );
    default:
      return <ScalarField name={name} spec={spec} path={path} testId={testId} />;
  }
}

/** The fields of a tree under `path` (a language, or an item of a list). */
export function FieldTree({ tree, path, testId }: { tree: SiteFieldTree; path: NamePath; testId: string }) {
  return (
    <>
      {Object.entries(tree).map(([name, spec]) => (
        <ContentField key={name} name={name} spec={spec} path={[...path, name]} testId={`${testId}-${name}`} />
      ))}
    </>
  );
}
